import { invokeModule } from '../../../scripts/local/lambda-context.ts';
import { QUEUES } from '../../../shared/jobs/queues.ts';

/**
 * The bulk-jobs consumer in a process of its own, so that a test can kill it (SIGKILL) mid-message as
 * a Lambda that crashes or times out would be: the SQS event comes on stdin, the answer goes to stdout
 * as its last line (the handler's metrics are printed there before it, as Lambda's EMF lines are).
 */
const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
// Invoked as the SQS stand-in does: a Lambda context with the user-create queue's consumer timeout.
const [, userCreate] = QUEUES;
const timeoutMs = userCreate.consumerTimeoutSeconds * 1000;
const answer = await invokeModule(
  'events/jobs/consumer.ts',
  JSON.parse(Buffer.concat(chunks).toString('utf8')),
  timeoutMs,
);
process.stdout.write(`\n${JSON.stringify(answer)}\n`);
