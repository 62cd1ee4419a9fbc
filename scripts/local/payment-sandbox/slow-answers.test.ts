import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SlowAnswer, slowProviderAnswers } from '../../../test/integration/crash-points.ts';
import type { LocalEndpointHandler, StandIn } from '../stand-in-context.ts';
import { start } from '../stand-ins/payment-provider.ts';

/**
 * Slow providers (`/_local/payments/slow`): the sandbox's PortOne API carries a request out at once and
 * answers it late. Nothing here is timed: each test waits for the work to be visible while the answer is
 * still held, which fails whenever the answer does not wait for the work or the work waits for the answer.
 */
let standIn: StandIn;
let local: Server;
let localUrl: string;
let receiver: Server;
const notified: string[] = [];

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  const endpoints = new Map<string, LocalEndpointHandler>();
  local = createServer((req, res) => {
    const endpoint = endpoints.get(`${req.method} ${new URL(req.url ?? '/', 'http://localhost').pathname}`);
    if (endpoint) void endpoint(req, res);
    else res.writeHead(404).end();
  });
  localUrl = await listen(local);
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      notified.push(body);
      res.writeHead(200).end();
    });
  });
  const notificationUrl = `${await listen(receiver)}/webhook`;
  standIn = await start(
    {
      registerLocalEndpoint: (method, path, handler) => endpoints.set(`${method} ${path}`, handler),
      invokeModule: () => Promise.reject(new Error('no functions here')),
      stateDir: undefined,
      baseUrl: localUrl,
    },
    { notificationUrl },
  );
});

afterAll(async () => {
  await standIn?.stop();
  local?.close();
  receiver?.close();
});

const api = (path: string) => `${standIn.env.PORTONE_API_URL}${path}`;

async function portone(path: string, body: unknown, token?: string, signal?: AbortSignal) {
  const response = await fetch(api(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
  return (await response.json()) as { code: number; response: Record<string, unknown> };
}

async function sandboxState() {
  const response = await fetch(`${localUrl}/_local/payments.json`);
  return (await response.json()) as {
    payments: Array<{ merchant_uid: string; status: string; cancel_amount: number }>;
    slowAnswers: SlowAnswer[];
  };
}

async function until<T>(read: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const found = await read();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('slow providers', () => {
  let token: string;
  beforeAll(async () => {
    const issued = await portone('/users/getToken', {
      imp_key: standIn.env.PORTONE_API_KEY,
      imp_secret: standIn.env.PORTONE_API_SECRET,
    });
    token = String(issued.response.access_token);
    const key = await portone(
      '/subscribe/customers/slow-customer',
      { card_number: '4242424242424242', expiry: '2099-12', birth: '900101' },
      token,
    );
    expect(key.code).toBe(0);
  });

  it('charge the card at once and answer late: a caller that gave up never hears of a charge that was made', async () => {
    const armed = await slowProviderAnswers(localUrl, {
      path: '/subscribe/payments/again',
      delayMs: 5000,
    });
    expect(armed).toMatchObject({ path: '/subscribe/payments/again', delayMs: 5000, times: 1, left: 1 });
    const caller = new AbortController();
    let settled = false;
    const charge = portone(
      '/subscribe/payments/again',
      { customer_uid: 'slow-customer', merchant_uid: 'slow-order-1', amount: 19900, name: 'Standard' },
      token,
      caller.signal,
    ).finally(() => {
      settled = true;
    });
    // The provider has charged the card and sent its notification; its answer is still held.
    await until(async () =>
      (await sandboxState()).payments.find(
        (payment) => payment.merchant_uid === 'slow-order-1' && payment.status === 'paid',
      ),
    );
    await until(async () => notified.find((body) => body.includes('slow-order-1')));
    expect(settled).toBe(false);
    // The caller's time limit passes first: it gives up, and the late answer finds nobody.
    caller.abort();
    await expect(charge).rejects.toThrow(/abort/i);
    const held = await until(async () => {
      const answer = (await sandboxState()).slowAnswers.find((candidate) => candidate.id === armed.id);
      return answer?.held[0]?.answered === undefined ? undefined : answer;
    });
    expect(held).toMatchObject({
      left: 0,
      held: [{ method: 'POST', path: '/subscribe/payments/again', answered: false }],
    });
    // Used up: the next charge is answered as it is made.
    const next = await portone(
      '/subscribe/payments/again',
      { customer_uid: 'slow-customer', merchant_uid: 'slow-order-2', amount: 19900, name: 'Standard' },
      token,
    );
    expect(next.response).toMatchObject({ status: 'paid' });
    expect((await sandboxState()).slowAnswers.find((answer) => answer.id === armed.id)?.held).toHaveLength(1);
  }, 30_000);

  it('cancel at once and answer late, to a caller that waits (a method and every path under a prefix)', async () => {
    await slowProviderAnswers(localUrl, { method: 'post', path: '/payments/*', delayMs: 5000 });
    let settled = false;
    const cancel = portone(
      '/payments/cancel',
      { merchant_uid: 'slow-order-2', reason: 'test' },
      token,
    ).finally(() => {
      settled = true;
    });
    await until(async () =>
      (await sandboxState()).payments.find(
        (payment) => payment.merchant_uid === 'slow-order-2' && payment.status === 'cancelled',
      ),
    );
    expect(settled).toBe(false);
    expect((await cancel).response).toMatchObject({ status: 'cancelled', cancel_amount: 19900 });
  }, 30_000);

  it('refuse what they cannot hold to', async () => {
    const response = await fetch(`${localUrl}/_local/payments/slow`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: 'subscribe/payments/again', delayMs: -1 }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { issues: string[] }).issues).toHaveLength(2);
    const cleared = await fetch(`${localUrl}/_local/payments/slow`, { method: 'DELETE' });
    expect(await cleared.json()).toEqual({ dropped: 0 });
  });
});
