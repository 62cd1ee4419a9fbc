import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminAttentionList, adminAttentionResolve } from '../../../shared/api/attention.ts';
import {
  createInitPayment,
  getPaymentResult,
  getVbankIssuedInfo,
  insertPaymentProgress,
  setUpRecurrentNaverPayEnroll,
  startRecurrentNaverPay,
} from '../../../shared/api/orders.ts';
import { cancelPaymentUser, createUserRefund } from '../../../shared/api/refunds.ts';
import { adminUserCreate, adminUserInfo } from '../../../shared/api/users.ts';
import type { SessionInfo } from '../../../shared/orders/session-info.ts';
import { KST_ZONE } from '../../../shared/time/kst.ts';
import { type Answer, call, send } from '../helpers.ts';
import { signInAs } from '../identity/accounts.ts';
import { startIsolatedRuntime } from '../isolated-runtime.ts';
import { operatorToken as signInOperator } from '../staff-sign-in.ts';
import { CHARGES_ANSWER_LATE, checkout, type PlacedOrder, progressInput, VISA_OK } from './order-helpers.ts';

/**
 * Nothing granted depends on an answer arriving: the provider's one notification, the browser coming
 * back, the answer to a charge. Orders are asked about again on a schedule, and a charge left
 * unanswered is looked up (or, on the wallet, replayed) before anything is charged again. In a runtime
 * of its own, since these tests move its clock (which fires the re-checks).
 */
let runtime: { url: string; stop: () => Promise<void> };
// Each test moves the clock by minutes to four days (a virtual account's due date is the end of its third
// day in Seoul), and every scheduled job due on the way runs in full before the clock answers: about 9 s
// for the longest on a quiet machine, over 30 s in CI's three files at once on two cores.
vi.setConfig({ testTimeout: 120_000 });
const options = () => ({ baseUrl: runtime.url });
let operatorToken = '';

async function local(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<Answer> {
  return send(new URL(path, runtime.url), {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

async function token(account: { email: string; password: string }): Promise<string> {
  const answer = await signInAs(account, {}, options());
  if (answer.status !== 200) throw new Error(`sign-in: ${JSON.stringify(answer.body)}`);
  return answer.body.session.idToken;
}

/** A new account of the runtime, signed in: its uid and ID token. */
async function newBuyer(name: string): Promise<{ uid: string; token: string }> {
  const account = { email: `${name}@example.com`, password: 'buyer-pass1' };
  const created = await call(
    adminUserCreate,
    { info: { name: 'Late Buyer', email: account.email, password: account.password, language: 'ko' } },
    { ...options(), token: operatorToken },
  );
  expect(created.status).toBe(200);
  return { uid: created.body.result.uid, token: await token(account) };
}

/** An order of a one-year pass, whose provider notifications are all lost. */
async function orderWithLostNotifications(
  buyerToken: string,
  method: 'card' | 'vbank',
): Promise<{ session: SessionInfo; order: PlacedOrder }> {
  const opened = await call(
    createInitPayment,
    { clientType: 'landing', language: 'ko', planName: 'Y1_STANDARD_V3' },
    { ...options(), token: buyerToken },
  );
  expect(opened.status).toBe(200);
  const session: SessionInfo = opened.body.sessionInfo;
  const placed = await call(insertPaymentProgress, progressInput(session, method), options());
  expect(placed.status).toBe(200);
  const order: PlacedOrder = placed.body;
  expect(
    (await local('POST', '/_local/payments/notifications/lose', { merchant_uid: order.merchantUid })).status,
  ).toBe(200);
  return { session, order };
}

/** Moves the runtime's clock forward, firing the schedules due on the way. */
async function clockBy(seconds: number): Promise<void> {
  expect((await local('POST', '/_local/clock', { advanceSeconds: seconds })).status).toBe(200);
}

/** The account's plans and payments, as the console shows them (a read: it confirms nothing). */
async function granted(uid: string): Promise<{ plans: unknown[]; payments: unknown[] }> {
  const info = await call(adminUserInfo, { uid }, { ...options(), token: operatorToken });
  expect(info.status).toBe(200);
  return { plans: info.body.plans, payments: info.body.payments };
}

/** The open attention cases about the order (the console's "Needs attention" page). */
async function attentionCasesOf(merchantUid: string): Promise<Array<Record<string, unknown>>> {
  const answer = await call(adminAttentionList, { limit: 500 }, { ...options(), token: operatorToken });
  expect(answer.status).toBe(200);
  return answer.body.result.filter((open: { merchantUid?: string }) => open.merchantUid === merchantUid);
}

/** What the sandbox did with the order's notifications, oldest first. */
async function notificationsOf(
  impUid: string,
): Promise<Array<{ id: number; state: string; status: string }>> {
  const { notifications } = (await local('GET', '/_local/payments.json')).body as {
    notifications: Array<{ id: number; state: string; body: { imp_uid: string; status: string } }>;
  };
  return notifications
    .filter((delivery) => delivery.body.imp_uid === impUid)
    .map((delivery) => ({ id: delivery.id, state: delivery.state, status: delivery.body.status }))
    .reverse();
}

/** Sends the order's lost approval notification again (late), and waits until the product took it. */
async function lateNotification(impUid: string): Promise<void> {
  const lost = (await notificationsOf(impUid)).find(
    (sent) => sent.status === 'paid' && sent.state === 'lost',
  );
  expect(lost).toBeDefined();
  expect((await local('POST', '/_local/payments/notifications/resend', { id: lost?.id })).status).toBe(200);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const states = (await notificationsOf(impUid)).map((sent) => sent.state);
    if (states.at(-1) === 'delivered') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The late notification was not delivered');
}

beforeAll(async () => {
  runtime = await startIsolatedRuntime();
  operatorToken = await signInOperator(options());
}, 90_000);

afterAll(async () => {
  await runtime?.stop();
});

describe('a lost notification', () => {
  it('of a deposit into a virtual account: the plan is still granted, once, by the re-check; the late notification changes nothing', async () => {
    const buyer = await newBuyer('deposit-lost');
    const { session, order } = await orderWithLostNotifications(buyer.token, 'vbank');
    // The customer pays in 10 minutes after the account is issued.
    const impUid = (await checkout(session, order, 'vbank', 'vbank:10', {}, runtime.url)).imp_uid as string;
    const issued = await call(
      getVbankIssuedInfo,
      { guid: session.guid, merchantUid: order.merchantUid },
      options(),
    );
    expect(issued.status).toBe(200);
    expect(await granted(buyer.uid)).toMatchObject({ plans: [], payments: [] });

    await clockBy(2 * 3600);
    expect((await notificationsOf(impUid)).map((sent) => `${sent.status} ${sent.state}`)).toEqual([
      'ready lost',
      'paid lost',
    ]);
    const after = await granted(buyer.uid);
    expect(after.plans).toHaveLength(1);
    expect(after.plans[0]).toMatchObject({ planName: 'Y1_STANDARD_V3', planStatus: 'UNSCHEDULED' });
    expect(after.payments).toHaveLength(1);

    await lateNotification(impUid);
    expect(await granted(buyer.uid)).toEqual(after);
  });

  it('of a card payment whose browser never came back: granted once by the re-check; the browser and the notification coming late change nothing', async () => {
    const buyer = await newBuyer('browser-lost');
    const { session, order } = await orderWithLostNotifications(buyer.token, 'card');
    const impUid = (await checkout(session, order, 'card', VISA_OK, {}, runtime.url)).imp_uid as string;
    expect(await granted(buyer.uid)).toMatchObject({ plans: [], payments: [] });

    await clockBy(11 * 60);
    const after = await granted(buyer.uid);
    expect(after.plans).toHaveLength(1);
    expect(after.payments).toHaveLength(1);

    const late = await call(
      getPaymentResult,
      { guid: session.guid, merchantUid: order.merchantUid },
      options(),
    );
    expect(late.body.result).toBe('success');
    await lateNotification(impUid);
    expect(await granted(buyer.uid)).toEqual(after);
    expect(await attentionCasesOf(order.merchantUid)).toEqual([]);
  });
});

describe('a virtual account past its due date without a deposit', () => {
  it('is listed for an operator after its last re-check, once, until dismissed', async () => {
    const buyer = await newBuyer('deposit-never');
    const { session, order } = await orderWithLostNotifications(buyer.token, 'vbank');
    await checkout(session, order, 'vbank', 'vbank', {}, runtime.url);
    const now = Date.parse((await local('GET', '/_local/clock')).body.now);
    const due = DateTime.fromFormat(order.vbankDue ?? '', 'yyyyMMddHHmm', { zone: KST_ZONE }).toMillis();
    await clockBy(Math.ceil((due - now) / 1000) + 3600);
    const [expired, ...more] = await attentionCasesOf(order.merchantUid);
    expect(more).toEqual([]);
    expect(expired).toMatchObject({ kind: 'vbank_expired', uid: buyer.uid, amount: order.amount });
    expect(await granted(buyer.uid)).toMatchObject({ plans: [], payments: [] });

    const dismissed = await call(
      adminAttentionResolve,
      { caseId: expired?.caseId, action: 'dismiss', reason: 'The customer chose another way to pay' },
      { ...options(), token: operatorToken },
    );
    expect(dismissed.body.result).toBe('ended');
    expect(await attentionCasesOf(order.merchantUid)).toEqual([]);
  });
});

describe('a payment the re-check finds paid but cannot grant', () => {
  it('whose money the card company will not give back is listed for an operator, who returns it once', async () => {
    const buyer = await newBuyer('not-grantable');
    const first = await orderWithLostNotifications(buyer.token, 'card');
    const second = await orderWithLostNotifications(buyer.token, 'card');
    await checkout(first.session, first.order, 'card', VISA_OK, {}, runtime.url);
    const impUid = (await checkout(second.session, second.order, 'card', VISA_OK, {}, runtime.url))
      .imp_uid as string;
    const refused = await local('POST', '/_local/payments/cancels/refuse-next', {
      merchant_uid: second.order.merchantUid,
    });
    expect(refused.status).toBe(200);

    await clockBy(11 * 60);
    expect((await granted(buyer.uid)).plans).toHaveLength(1);
    const [listed, ...more] = await attentionCasesOf(second.order.merchantUid);
    expect(more).toEqual([]);
    expect(listed).toMatchObject({
      kind: 'refund_required',
      uid: buyer.uid,
      amount: second.order.amount,
      currency: 'KRW',
      refundSources: ['portone', 'cutloom'],
    });
    expect(await attentionCasesOf(first.order.merchantUid)).toEqual([]);

    // Two operators press at once: the money goes back once, one activity records it.
    const resolve = () =>
      call(
        adminAttentionResolve,
        { caseId: listed?.caseId, action: 'refund', refundSource: 'portone', reason: 'Second plan refused' },
        { ...options(), token: operatorToken },
      );
    const answers = await Promise.all([resolve(), resolve()]);
    expect(answers.map((answer) => answer.body.result).sort()).toEqual(['already-ended', 'ended']);
    const { payments } = (await local('GET', '/_local/payments.json')).body as {
      payments: Array<{ imp_uid: string; status: string; cancel_amount: number }>;
    };
    expect(payments.find((payment) => payment.imp_uid === impUid)).toMatchObject({
      status: 'cancelled',
      cancel_amount: second.order.amount,
    });
    expect(await attentionCasesOf(second.order.merchantUid)).toEqual([]);
    const info = await call(adminUserInfo, { uid: buyer.uid }, { ...options(), token: operatorToken });
    expect(
      info.body.userActivities.filter(
        (activity: { action: string }) => activity.action === 'attention.refund',
      ),
    ).toHaveLength(1);
  });
});

/** A new buyer's Light order on the wallet, its card registered with `card`: the first charge's answer. */
async function walletOrder(prefix: string, card: string) {
  const buyer = await newBuyer(prefix);
  const opened = await call(
    createInitPayment,
    { clientType: 'landing', language: 'ko', planName: 'MR_LIGHT_V3' },
    { ...options(), token: buyer.token },
  );
  const session: SessionInfo = opened.body.sessionInfo;
  const order: PlacedOrder = (
    await call(insertPaymentProgress, progressInput(session, 'naver_pay'), options())
  ).body;
  const guid = session.guid;
  const { reserveId } = (
    await call(setUpRecurrentNaverPayEnroll, { guid, merchantUid: order.merchantUid }, options())
  ).body;
  const registered = await fetch(`${runtime.url}/_local/payments/naver-pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ reserveId, action: 'register', card }),
    redirect: 'manual',
  });
  const tempReceiptId = new URL(registered.headers.get('location') ?? '').searchParams.get('tempReceiptId');
  const started = await call(
    startRecurrentNaverPay,
    { guid, merchantUid: order.merchantUid, reserveId, tempReceiptId },
    options(),
  );
  return { buyer, order, guid, reserveId, started };
}

describe('a lost answer to a charge', () => {
  it('on the wallet: the order waits, then the charge is replayed (the same charge, answered as recorded) and granted once', async () => {
    const { buyer, order, guid, reserveId, started } = await walletOrder('wallet-late', CHARGES_ANSWER_LATE);
    expect(started.body.result).toBe('pending');
    expect(await granted(buyer.uid)).toMatchObject({ plans: [] });

    // Long enough after the charge that it cannot still be landing: the next look replays it.
    await clockBy(60);
    const result = await call(getPaymentResult, { guid, merchantUid: order.merchantUid }, options());
    expect(result.body.result).toBe('success');
    const { walletPayments, recurrents } = (await local('GET', '/_local/payments.json')).body as {
      walletPayments: Array<{ merchantPayId: string; state: string }>;
      recurrents: Array<{ reserveId: string; charges: number }>;
    };
    expect(walletPayments.filter((payment) => payment.merchantPayId === order.merchantUid)).toMatchObject([
      { state: 'paid' },
    ]);
    expect(recurrents.find((recurrent) => recurrent.reserveId === reserveId)?.charges).toBe(1);
    const after = await granted(buyer.uid);
    expect(after.plans).toHaveLength(1);
    expect(after.payments).toHaveLength(1);
  });
});

describe('a wallet refund Naver Pay completes later', () => {
  it('is made for the customer, listed for an operator while pending, and settles itself once Naver Pay has done it', async () => {
    const { buyer, order, started } = await walletOrder('wallet-refund-later', VISA_OK);
    expect(started.body.result).toBe('success');
    const walletPayment = async () =>
      (
        (await local('GET', '/_local/payments.json')).body as {
          walletPayments: Array<{ paymentId: string; merchantPayId: string; restAmount: number }>;
        }
      ).walletPayments.find((payment) => payment.merchantPayId === order.merchantUid);
    const paymentId = (await walletPayment())?.paymentId;
    expect((await local('POST', '/_local/payments/naver-pay/cancels/defer-next', { paymentId })).status).toBe(
      200,
    );

    const refund = await call(createUserRefund, {}, { ...options(), token: buyer.token });
    const refunded = await call(
      cancelPaymentUser,
      { guid: refund.body.guid, price: 9900, reason: 'Not for me', refundSource: 'naver_pay', agreed: true },
      options(),
    );
    expect(refunded.body.result).toEqual({ kind: 'refunded', amount: 9900, refundSource: 'naver_pay' });
    // Recorded (the plan ended, the payment refunded), while the money is not back yet at the wallet.
    expect((await granted(buyer.uid)).payments).toMatchObject([{ status: 'cancelled', price: 9900 }]);
    expect((await walletPayment())?.restAmount).toBe(9900);
    expect(await attentionCasesOf(order.merchantUid)).toMatchObject([
      { kind: 'refund_pending', amount: 9900, currency: 'KRW', uid: buyer.uid, refundSources: [] },
    ]);

    // Naver Pay completes it (5 minutes on), the re-check (10 minutes on) sees it: the case ends itself.
    await clockBy(11 * 60);
    expect((await walletPayment())?.restAmount).toBe(0);
    for (let attempt = 0; attempt < 50 && (await attentionCasesOf(order.merchantUid)).length; attempt += 1)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await attentionCasesOf(order.merchantUid)).toEqual([]);
  });
});
