import { listenOnLoopback, readText, sendJson } from '../http-helpers.ts';
import type { StandIn, StandInContext } from '../stand-in-context.ts';

/**
 * Amazon Data Firehose on one machine, for the analytics stream of the functions that run from the
 * cloud assembly (`npm start -- --lambda`; in the one-process runtime no function is given a stream and
 * events go to the table). It answers PutRecordBatch and PutRecord (JSON 1.1 protocol) as the service
 * does for a stream that exists (every record accepted, `FailedPutCount` 0), refuses a batch of more than
 * 500 records (ValidationException, as the API reference states), and keeps the records' text, shown at
 * `/_local/analytics-stream.json`.
 * https://docs.aws.amazon.com/firehose/latest/APIReference/API_PutRecordBatch.html
 */
const MAX_BATCH = 500;

export async function start(ctx: StandInContext): Promise<StandIn> {
  const delivered: Array<{ stream: string; data: string }> = [];
  const server = await listenOnLoopback(async (req, res) => {
    const operation = String(req.headers['x-amz-target'] ?? '').replace('Firehose_20150804.', '');
    const input = JSON.parse((await readText(req)) || '{}') as {
      DeliveryStreamName?: string;
      Records?: Array<{ Data?: string }>;
      Record?: { Data?: string };
    };
    const records = operation === 'PutRecord' ? [input.Record ?? {}] : (input.Records ?? []);
    if (operation !== 'PutRecordBatch' && operation !== 'PutRecord') {
      res.setHeader('x-amzn-errortype', 'InvalidArgumentException');
      return sendJson(res, 400, {
        __type: 'InvalidArgumentException',
        message: `${operation} is not supported here`,
      });
    }
    if (records.length === 0 || records.length > MAX_BATCH) {
      res.setHeader('x-amzn-errortype', 'ValidationException');
      return sendJson(res, 400, {
        __type: 'ValidationException',
        message: `1 validation error detected: Value at 'records' failed to satisfy constraint: Member must have length between 1 and ${MAX_BATCH}`,
      });
    }
    for (const record of records)
      delivered.push({
        stream: String(input.DeliveryStreamName),
        data: Buffer.from(record.Data ?? '', 'base64').toString('utf8'),
      });
    const id = () => `${Date.now()}${Math.floor(Math.random() * 1e9)}`;
    if (operation === 'PutRecord') return sendJson(res, 200, { RecordId: id(), Encrypted: false });
    return sendJson(res, 200, {
      FailedPutCount: 0,
      Encrypted: false,
      RequestResponses: records.map(() => ({ RecordId: id() })),
    });
  });
  ctx.registerLocalEndpoint('GET', '/_local/analytics-stream.json', (_req, res) =>
    sendJson(res, 200, delivered),
  );
  return { env: { AWS_ENDPOINT_URL_FIREHOSE: server.url }, stop: () => server.close() };
}
