import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invokeWithin, TIMED_OUT } from './function-timeout.ts';

let received: string[] = [];
const server = createServer((req, res) => {
  received.push(`${req.method} ${req.url}`);
  res.end('ok');
});
let base = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function post(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method: 'POST' }, (res) => {
      res.resume();
      res.on('end', () => resolve(String(res.statusCode)));
    });
    req.on('error', reject);
    req.end('write');
  });
}

describe('a handler invoked with a time limit', () => {
  it('answers within its time', async () => {
    received = [];
    expect(await invokeWithin(1000, async () => post('/in-time'))).toBe('200');
    expect(received).toEqual(['POST /in-time']);
  });

  it('is cut off at its time: nothing it sends afterwards arrives, and it never resumes', async () => {
    received = [];
    const reached: string[] = [];
    const outcome = await invokeWithin(100, async () => {
      await post('/before');
      reached.push('before');
      await sleep(200);
      reached.push('woke');
      await post('/after-by-http');
      reached.push('after http');
      await fetch(`${base}/after-by-fetch`, { method: 'POST' });
      reached.push('after fetch');
    });
    expect(outcome).toBe(TIMED_OUT);
    await sleep(400);
    expect(received).toEqual(['POST /before']);
    expect(reached).toEqual(['before', 'woke']);
  });

  it('leaves requests outside an invocation alone', async () => {
    received = [];
    await invokeWithin(10, () => sleep(50));
    expect(await post('/outside')).toBe('200');
    expect((await fetch(`${base}/outside-fetch`)).status).toBe(200);
    expect(received).toEqual(['POST /outside', 'GET /outside-fetch']);
  });
});
