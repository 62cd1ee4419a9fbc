import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createUser } from '../../functions/core/data/user-repository.ts';
import { signIdToken } from '../../functions/core/identity/id-token.ts';
import { startRuntime } from '../local/runtime.ts';
import { benchFlags } from './bench-options.ts';
import { type LoadResult, runLoad } from './load.ts';

/**
 * Order figures (`npm run bench:orders`), through the local gateway against DynamoDB Local and the
 * payment sandbox: POST /payment/get-payment-session-info under load, and a full confirmation
 * (get-payment-result of a paid order: the provider lookup, the checks and the grant transaction),
 * each on a fresh order. The sandbox's notifications go to a sink here, so that every confirmation
 * timed is the first one, not an answer from an order the webhook already settled. Loopback only,
 * bounded in time, stops by itself. `--smoke`: each load for one second, three orders.
 */
const { smoke } = benchFlags('each load for 1 s, 3 orders');
const LOAD_SECONDS = smoke ? 1 : 10;
const ROUNDS = smoke ? 3 : 40;
const format = (result: Pick<LoadResult, 'p50' | 'p99' | 'max'> & Partial<LoadResult>) =>
  `p50 ${result.p50.toFixed(0)} ms, p99 ${result.p99.toFixed(0)} ms, max ${result.max.toFixed(0)} ms` +
  (result.requests === undefined
    ? ''
    : `, ${result.perSecond?.toFixed(0)}/s over ${result.requests} requests, ${result.errors} errors`);

function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
  return { p50: at(50), p99: at(99), max: sorted.at(-1) as number };
}

const sink = createServer((req, res) => {
  req.resume();
  req.on('end', () => res.writeHead(200).end('{}'));
});
await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
process.env.LOCAL_PAYMENT_NOTIFICATION_URL = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/`;

const runtime = await startRuntime({ port: 0, inMemory: true, web: 'none', quiet: true });
const post = async <T = Record<string, unknown>>(path: string, body: unknown, token?: string) => {
  const response = await fetch(`${runtime.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
};

let buyers = 0;
async function newBuyer(): Promise<string> {
  buyers += 1;
  const uid = `bench-buyer-${buyers}-${Date.now()}`;
  const now = Date.now();
  await createUser({
    uid,
    name: 'Bench Buyer',
    email: `${uid}@example.com`,
    emailVerified: true,
    providers: ['password'],
    uiLanguage: 'ko',
    clientType: 'landing',
    created: now,
    credentialsChangedAt: now,
  });
  return signIdToken({ uid, email: `${uid}@example.com` });
}

async function openSession(token: string, planName: string) {
  const opened = await post(
    '/payment/create-init-payment',
    { clientType: 'landing', language: 'ko', planName },
    token,
  );
  if (opened.status !== 200) throw new Error(`create-init-payment: ${JSON.stringify(opened.body)}`);
  return opened.body as { guid: string; sessionInfo: { price: { finalPrice: number } } };
}

/** The sandbox checkout as a browser submits it: a test card that is approved. */
async function payAtCheckout(params: Record<string, string | number>) {
  const form = new URLSearchParams({
    request: JSON.stringify(params),
    action: 'pay',
    choice: '4242424242424242',
  });
  const response = await fetch(`${runtime.url}/_local/payments/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    redirect: 'manual',
  });
  await response.arrayBuffer();
  if (response.status !== 303) throw new Error(`checkout answered ${response.status}`);
}

try {
  const { guid } = await openSession(await newBuyer(), 'MR_STANDARD_V3');
  const sessionInfo = () =>
    post('/payment/get-payment-session-info', { guid, isTest: false }).then(
      (answer) => answer.status === 200,
    );
  if (!(await sessionInfo())) throw new Error('get-payment-session-info refused the session');
  await runLoad(sessionInfo, 1, smoke ? 0 : 2);
  for (const concurrency of [1, 4]) {
    console.log(
      `POST /payment/get-payment-session-info, ${concurrency} caller(s), ${LOAD_SECONDS} s: ${format(await runLoad(sessionInfo, concurrency, LOAD_SECONDS))}`,
    );
  }

  const confirmations: number[] = [];
  const orders: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    const session = await openSession(await newBuyer(), 'Y1_LIGHT_V3');
    const placed = await post<{ merchantUid: string; amount: number }>('/payment/insert-payment-progress', {
      guid: session.guid,
      price: session.sessionInfo.price.finalPrice,
      planName: 'Y1_LIGHT_V3',
      payMethod: 'card',
      pg: 'html5_inicis',
      currency: 'KRW',
      userName: 'Bench Buyer',
      userEmail: 'bench@example.com',
      userPhone: '+821012345678',
    });
    const { merchantUid, amount } = placed.body;
    await payAtCheckout({
      pg: 'html5_inicis',
      pay_method: 'card',
      merchant_uid: merchantUid,
      name: 'Y1_LIGHT_V3',
      amount,
      currency: 'KRW',
      m_redirect_url: `${runtime.url}/ko/payment/result/pending?guid=${session.guid}`,
    });
    const confirmStarted = performance.now();
    const confirmed = await post('/payment/get-payment-result', { guid: session.guid, merchantUid });
    const done = performance.now();
    if (confirmed.body.result !== 'success')
      throw new Error(`confirmation: ${JSON.stringify(confirmed.body)}`);
    // The first round pays for loading the handlers; it is not a figure of the confirmation.
    if (round === 0) continue;
    confirmations.push(done - confirmStarted);
    orders.push(done - started);
  }
  console.log(
    `POST /payment/get-payment-result, a full confirmation (${ROUNDS - 1} orders): ${format(percentiles(confirmations))}`,
  );
  console.log(`A whole order (session, order, checkout, confirmation): ${format(percentiles(orders))}`);
} finally {
  await runtime.stop();
  sink.close();
}
