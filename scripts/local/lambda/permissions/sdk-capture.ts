import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AwsHttpRequest } from './aws-requests.ts';

/**
 * For tests: the exact HTTP request a real AWS SDK v3 client sends for one call, captured by a throwaway
 * loopback server that answers every request with an empty success. The client's own parsing of that
 * answer may fail; only the request matters here.
 */
export interface SdkCapture {
  endpoint: string;
  /** Runs `call` and answers the requests it sent, in order. */
  capture(call: () => Promise<unknown>): Promise<AwsHttpRequest[]>;
  close(): Promise<void>;
}

export const CAPTURE_CREDENTIALS = { accessKeyId: 'AKIACAPTURE', secretAccessKey: 'capture-secret' };

function asRequest(req: IncomingMessage, body: Buffer): AwsHttpRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  return {
    method: req.method ?? 'GET',
    url: new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`),
    headers,
    body,
  };
}

export async function startSdkCapture(): Promise<SdkCapture> {
  let seen: AwsHttpRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push(asRequest(req, Buffer.concat(chunks)));
      const json =
        String(req.headers['x-amz-target'] ?? '') !== '' ||
        req.url?.startsWith('/v2/') ||
        req.url?.startsWith('/schedule');
      res.writeHead(200, { 'content-type': json ? 'application/json' : 'application/xml' });
      res.end(json ? '{}' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async capture(call) {
      seen = [];
      await call().catch(() => undefined);
      return seen;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
