import { handler } from '../../../events/jobs/consumer.ts';

/**
 * The bulk-jobs consumer in a process of its own, so that a test can kill it (SIGKILL) mid-message as
 * a Lambda that crashes or times out would be: the SQS event comes on stdin, the answer goes to stdout
 * as its last line (the handler's metrics are printed there before it, as Lambda's EMF lines are).
 */
const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const answer = await handler(JSON.parse(Buffer.concat(chunks).toString('utf8')));
process.stdout.write(`\n${JSON.stringify(answer)}\n`);
