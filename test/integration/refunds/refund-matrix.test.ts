import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAttentionList, adminAttentionResolve } from '../../../shared/api/attention.ts';
import { adminFinanceLedger } from '../../../shared/api/finance.ts';
import {
  createInitPayment,
  getPaymentResult,
  insertPaymentProgress,
  setUpRecurrentNaverPayEnroll,
  startRecurrentNaverPay,
} from '../../../shared/api/orders.ts';
import {
  adminCancelPayment,
  adminRefundInfo,
  cancelPaymentUser,
  createUserRefund,
  userRefundInfo,
} from '../../../shared/api/refunds.ts';
import { recordUsage } from '../../../shared/api/usage.ts';
import { adminUserCreate, adminUserInfo } from '../../../shared/api/users.ts';
import type { PayMethod } from '../../../shared/payments/pay-methods.ts';
import { KST_ZONE } from '../../../shared/time/kst.ts';
import { type Answer, type CallOptions, call, send, uniqueId } from '../helpers.ts';
import { signInAs } from '../identity/accounts.ts';
import { startIsolatedRuntime } from '../isolated-runtime.ts';
import { progressInput, VISA_OK } from '../orders/order-helpers.ts';
import { checkoutInBrowser } from '../payments/sandbox-harness.ts';
import { operatorToken } from '../staff-sign-in.ts';

/**
 * Money goes back the way it came (issue 30; shared/refunds/refund-ways.ts; CONVENTIONS 18: money is a
 * matrix, not a path). Every pay method the product sells × a full and a partial refund × by the
 * customer (the refund page's routes) and by an operator (the console's) × in the payment's month and in
 * the month after (the test clock), in a runtime of its own (its clock and its ledger are this file's).
 * Each case ends in the money returned once, the way the payment networks allow (the expected way is
 * written here as the rule reads, not computed), with the ledger's refund entry (a bank transfer's only
 * once an operator marks it paid) and a virtual account's cash receipt following; or in a clear answer
 * of what is needed (a virtual account's refund account). No answer is a 5xx.
 */
type Way = 'provider' | 'provider+account' | 'wallet' | 'transfer';
type Requester = 'customer' | 'operator';
type Amount = 'full' | 'partial';
type When = 'same-month' | 'next-month';

interface Method {
  name: string;
  payMethod: PayMethod;
  language: 'ko' | 'en' | 'ja';
  planName: string;
  /** The way back, by when and whether the cancel is of the whole price. */
  way: (when: When, whole: boolean) => Way;
}

const METHODS: Method[] = [
  { name: 'card', payMethod: 'card', language: 'ko', planName: 'Y1_LIGHT_V3', way: () => 'provider' },
  { name: 'KakaoPay', payMethod: 'kakaopay', language: 'ko', planName: 'Y1_LIGHT_V3', way: () => 'provider' },
  { name: 'PAYCO', payMethod: 'payco', language: 'ko', planName: 'Y1_LIGHT_V3', way: () => 'provider' },
  {
    name: 'virtual account',
    payMethod: 'vbank',
    language: 'ko',
    planName: 'Y1_LIGHT_V3',
    way: () => 'provider+account',
  },
  {
    name: 'phone',
    payMethod: 'phone',
    language: 'ko',
    planName: 'Y1_LIGHT_V3',
    // Only in the payment's month, and only the whole payment: else by bank transfer.
    way: (when, whole) => (when === 'same-month' && whole ? 'provider' : 'transfer'),
  },
  {
    name: 'Naver Pay wallet',
    payMethod: 'naver_pay',
    language: 'ko',
    planName: 'YR_LIGHT_V3',
    way: () => 'wallet',
  },
  {
    name: 'PayPal (USD)',
    payMethod: 'paypal',
    language: 'en',
    planName: 'Y1_LIGHT_V3',
    way: () => 'provider',
  },
  {
    name: 'foreign card (JPY)',
    payMethod: 'card',
    language: 'ja',
    planName: 'Y1_LIGHT_V3',
    way: () => 'provider',
  },
];

const ACCOUNT = { bankCode: '88', accountNumber: '110-123-456890', holder: '홍길동' };
/** A cash receipt for income deduction, chosen on a virtual account's order. */
const CASH_RECEIPT = { purpose: 'income_deduction', identifierType: 'phone', identifier: '010-9876-5432' };

let runtime: { url: string; stop: () => Promise<void> };
let operator: CallOptions;
const on = (token?: string): CallOptions => ({ baseUrl: runtime.url, ...(token ? { token } : {}) });
/** Every answer the cases got: none may be a 5xx. */
const answers: Array<{ route: string; status: number; body: unknown }> = [];

async function api(route: Parameters<typeof call>[0], input: Record<string, unknown>, options: CallOptions) {
  const answer = await call(route, input, options);
  answers.push({ route: route.name, status: answer.status, body: answer.body });
  return answer;
}

async function local(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<Answer> {
  return send(new URL(path, runtime.url), {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

async function clockTo(at: DateTime) {
  const moved = await local('POST', '/_local/clock', { to: at.toISO() });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
}

interface Bought {
  method: Method;
  uid: string;
  token: string;
  merchantUid: string;
  price: number;
  currency: string;
}

/** A new account buys the method's plan through the order routes and the sandbox checkout (or the wallet). */
async function buy(method: Method): Promise<Bought> {
  const email = `${uniqueId('matrix')}@example.com`;
  const password = 'matrix-pass1';
  const created = await api(
    adminUserCreate,
    { info: { name: 'Kim Buyer', email, password, language: 'ko' } },
    operator,
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const signedIn = await signInAs({ email, password }, { clientType: 'landing' }, on());
  const token = signedIn.body.session.idToken as string;
  const opened = await api(
    createInitPayment,
    { clientType: 'landing', language: method.language, planName: method.planName },
    on(token),
  );
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  const session = opened.body.sessionInfo;
  const input = progressInput(
    session,
    method.payMethod,
    method.payMethod === 'vbank' ? { cashReceipt: CASH_RECEIPT } : {},
  );
  const placed = await api(insertPaymentProgress, input, on());
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const order = placed.body;
  const guid = session.guid as string;
  if (method.payMethod === 'naver_pay') {
    const enrolled = await api(setUpRecurrentNaverPayEnroll, { guid, merchantUid: order.merchantUid }, on());
    const { reserveId } = enrolled.body;
    const registered = await fetch(`${runtime.url}/_local/payments/naver-pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ reserveId, action: 'register', card: VISA_OK }),
      redirect: 'manual',
    });
    const back = new URL(registered.headers.get('location') ?? '');
    const started = await api(
      startRecurrentNaverPay,
      {
        guid,
        merchantUid: order.merchantUid,
        reserveId,
        tempReceiptId: back.searchParams.get('tempReceiptId'),
      },
      on(),
    );
    expect(started.body.result, JSON.stringify(started.body)).toBe('success');
  } else {
    const { returned } = await checkoutInBrowser(
      runtime.url,
      {
        pg: input.pg as string,
        pay_method: method.payMethod === 'vbank' || method.payMethod === 'phone' ? method.payMethod : 'card',
        merchant_uid: order.checkoutMerchantUid,
        name: method.planName,
        amount: order.amount,
        currency: session.currency,
        buyer_email: input.userEmail as string,
        m_redirect_url: `${runtime.url}/${method.language}/payment/result/pending?guid=${guid}`,
      },
      { choice: method.payMethod === 'vbank' ? 'vbank' : VISA_OK },
    );
    if (method.payMethod === 'vbank') {
      const impUid = returned.searchParams.get('imp_uid');
      expect((await local('POST', '/_local/payments/deposit', { imp_uid: impUid })).status).toBe(200);
    }
    const confirmed = await api(getPaymentResult, { guid, merchantUid: order.merchantUid }, on());
    expect(confirmed.body.result, JSON.stringify(confirmed.body)).toBe('success');
  }
  return {
    method,
    uid: created.body.result.uid,
    token,
    merchantUid: order.merchantUid,
    price: order.amount,
    currency: session.currency,
  };
}

/** Something of the payment's allowance used: the customer's estimate is then a partial refund. */
async function spendSomeAllowance(bought: Bought) {
  const used = await api(
    recordUsage,
    { entryId: uniqueId('usage-entry'), usageType: 'STT', count: 600 },
    on(bought.token),
  );
  expect(used.body.result?.success ?? used.body.success, JSON.stringify(used.body)).not.toBe(false);
}

const SOURCE_OF_WAY: Record<Way, string> = {
  provider: 'portone',
  'provider+account': 'portone',
  wallet: 'naver_pay',
  transfer: 'cutloom',
};
const needsAccount = (way: Way) => way === 'provider+account' || way === 'transfer';
const PART: Record<string, number> = { KRW: 1000, JPY: 100, USD: 10 };

/**
 * A refund of `bought` by `requester`, of the whole or a part: the way is asked as the estimate says (the
 * customer's only one; the operator's preselected one), first without the account where it needs one
 * (the clear answer of what is needed, nothing moved), then with it. Answers the amount refunded.
 */
async function refund(bought: Bought, requester: Requester, amount: Amount, expected: Way): Promise<number> {
  const withAccount = async (send: (account?: typeof ACCOUNT) => Promise<Answer>) => {
    if (needsAccount(expected)) {
      const missing = await send();
      expect(missing.status, JSON.stringify(missing.body)).toBe(400);
      expect(missing.body.error.code).toBe(
        requester === 'customer' ? 'REFUND_ACCOUNT_REQUIRED' : 'invalid_argument',
      );
      return send(ACCOUNT);
    }
    return send();
  };
  let answer: Answer;
  if (requester === 'customer') {
    const opened = await api(createUserRefund, {}, on(bought.token));
    const guid = opened.body.guid as string;
    const info = (await api(userRefundInfo, { guid }, on())).body.result;
    expect(info.isFullRefund, `${bought.method.name}: the estimate`).toBe(amount === 'full');
    expect(info.refundSource).toBe(SOURCE_OF_WAY[expected]);
    const request = {
      guid,
      price: info.estimatedRefundPrice,
      reason: 'matrix',
      refundSource: info.refundSource,
      agreed: true,
    };
    answer = await withAccount((account) =>
      api(cancelPaymentUser, { ...request, ...(account ? { refundAccount: account } : {}) }, on()),
    );
  } else {
    const estimate = await api(
      adminRefundInfo,
      { uid: bought.uid, requestedMs: Date.now(), businessDay: false },
      operator,
    );
    const info = estimate.body.result;
    const price = amount === 'full' ? info.refundable : (PART[bought.currency] as number);
    const kind = amount === 'full' ? 'whole' : 'part';
    expect(info.refundWays[kind].ways[0]?.source, `${bought.method.name}: the preselected way`).toBe(
      SOURCE_OF_WAY[expected],
    );
    const request = { uid: bought.uid, price, reason: 'matrix', refundSource: SOURCE_OF_WAY[expected] };
    answer = await withAccount((account) =>
      api(adminCancelPayment, { ...request, ...(account ? { refundAccount: account } : {}) }, operator),
    );
  }
  expect(answer.status, `${bought.method.name} ${requester} ${amount}: ${JSON.stringify(answer.body)}`).toBe(
    200,
  );
  expect(answer.body.result).toMatchObject({ kind: 'refunded', refundSource: SOURCE_OF_WAY[expected] });
  if (expected === 'transfer')
    expect(answer.body.result.transferTo).toEqual({
      bankCode: '88',
      holder: '홍길동',
      accountMasked: '***-***-890',
    });
  return answer.body.result.amount as number;
}

async function sandboxState(): Promise<{
  payments: Array<{ merchant_uid: string; amount: number; cancel_amount: number }>;
  walletPayments: Array<{ merchantPayId: string; restAmount: number; totalPayAmount?: number }>;
}> {
  return (await local('GET', '/_local/payments.json')).body;
}

/** What the provider (or the wallet) returned of an order's payment. */
async function returnedAtProvider(bought: Bought): Promise<number> {
  const state = await sandboxState();
  if (bought.method.payMethod === 'naver_pay') {
    const paid = state.walletPayments.find((payment) => payment.merchantPayId === bought.merchantUid);
    return bought.price - (paid?.restAmount ?? bought.price);
  }
  return state.payments.find((payment) => payment.merchant_uid === bought.merchantUid)?.cancel_amount ?? 0;
}

/** The ledger's refund entries of an order on the runtime's day. */
async function ledgerRefunds(bought: Bought, day: string) {
  const answer = await api(
    adminFinanceLedger,
    { period: day, includeTest: true, kind: 'refund', limit: 500 },
    operator,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (
    answer.body.result as Array<{
      merchantUid: string;
      amount: number;
      refundSource: string;
      transferReference?: string;
    }>
  ).filter((entry) => entry.merchantUid === bought.merchantUid);
}

/** An operator pays an owed transfer from the attention page. */
async function payTransfer(bought: Bought) {
  const list = await api(adminAttentionList, { limit: 500 }, operator);
  const owed = (list.body.result as Array<{ caseId: string; kind: string; merchantUid?: string }>).find(
    (open) => open.kind === 'refund_transfer' && open.merchantUid === bought.merchantUid,
  );
  expect(owed, `${bought.method.name}: the transfer owed`).toBeDefined();
  const paid = await api(
    adminAttentionResolve,
    {
      caseId: owed?.caseId,
      action: 'transfer-paid',
      transferReference: `REF-${bought.merchantUid.slice(-6)}`,
      reason: '',
    },
    operator,
  );
  expect(paid.body.result).toBe('ended');
}

async function cashReceiptState(bought: Bought): Promise<string | undefined> {
  const detail = await api(adminUserInfo, { uid: bought.uid }, operator);
  return detail.body.payments?.[0]?.cashReceipt?.state;
}

/** A case ends as the rule says: money back once its way, the ledger, the receipt. */
async function settle(bought: Bought, requester: Requester, amount: Amount, when: When, day: string) {
  const { method } = bought;
  // A full refund is of the whole price (nothing was returned before it); a partial one of less.
  const expected = method.way(when, amount === 'full');
  const refunded = await refund(bought, requester, amount, expected);
  if (amount === 'full') expect(refunded).toBe(bought.price);
  else expect(refunded).toBeLessThan(bought.price);
  if (expected === 'transfer') {
    // Owed, not paid: nothing moved at the provider, nothing in the ledger until an operator pays it.
    expect(await returnedAtProvider(bought)).toBe(0);
    expect(await ledgerRefunds(bought, day)).toEqual([]);
    await payTransfer(bought);
    expect(await ledgerRefunds(bought, day)).toMatchObject([
      { amount: refunded, refundSource: 'cutloom', transferReference: `REF-${bought.merchantUid.slice(-6)}` },
    ]);
  } else {
    expect(await returnedAtProvider(bought)).toBe(refunded);
    expect(await ledgerRefunds(bought, day)).toMatchObject([
      { amount: refunded, refundSource: SOURCE_OF_WAY[expected] },
    ]);
  }
  if (method.payMethod === 'vbank')
    expect(await cashReceiptState(bought)).toBe(amount === 'full' ? 'cancelled' : 'issued');
}

const CASES: Array<{ requester: Requester; amount: Amount }> = [
  { requester: 'customer', amount: 'full' },
  { requester: 'customer', amount: 'partial' },
  { requester: 'operator', amount: 'full' },
  { requester: 'operator', amount: 'partial' },
];

/** At most this many purchases or refunds at once (the runtime is one process on two cores). */
async function inBatches<T>(items: readonly T[], each: (item: T) => Promise<void>, size = 4): Promise<void> {
  for (let start = 0; start < items.length; start += size)
    await Promise.all(items.slice(start, start + size).map(each));
}

let firstOfMonth: DateTime;

beforeAll(async () => {
  runtime = await startIsolatedRuntime();
  operator = on(await operatorToken(on()));
  const now = DateTime.fromISO((await local('GET', '/_local/clock')).body.now, { zone: KST_ZONE });
  firstOfMonth = now.plus({ months: 1 }).startOf('month').plus({ hours: 10 });
}, 120_000);

afterAll(async () => {
  await runtime?.stop();
  expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
});

describe('money goes back the way it came', () => {
  it('for every method, full and partial, by the customer and an operator, in the payment’s month and the month after', async () => {
    // Bought on the first of a month: the same-month refunds follow at once; the month-after refunds of a
    // part a month later. The month-after full refunds are of purchases made two days before the month
    // ends (a customer's full refund is within 7 days of the payment).
    await clockTo(firstOfMonth);
    const sameMonth = new Map<string, Bought>();
    const early = new Map<string, Bought>();
    const jobs = METHODS.flatMap((method) => [
      ...CASES.map((one) => ({
        method,
        key: `${method.name}/${one.requester}/${one.amount}`,
        into: sameMonth,
      })),
      ...CASES.filter((one) => one.amount === 'partial').map((one) => ({
        method,
        key: `${method.name}/${one.requester}/${one.amount}`,
        into: early,
      })),
    ]);
    await inBatches(jobs, async (job) => {
      job.into.set(job.key, await buy(job.method));
    });
    const today = firstOfMonth.toFormat('yyyy-MM-dd');
    await inBatches(METHODS, async (method) => {
      for (const { requester, amount } of CASES) {
        const bought = sameMonth.get(`${method.name}/${requester}/${amount}`) as Bought;
        if (requester === 'customer' && amount === 'partial') await spendSomeAllowance(bought);
        await settle(bought, requester, amount, 'same-month', today);
      }
    });

    const lastDays = firstOfMonth
      .endOf('month')
      .minus({ days: 1 })
      .set({ hour: 10, minute: 0, second: 0, millisecond: 0 });
    await clockTo(lastDays);
    const late = new Map<string, Bought>();
    await inBatches(
      METHODS.flatMap((method) =>
        CASES.filter((one) => one.amount === 'full').map((one) => ({
          method,
          key: `${method.name}/${one.requester}/full`,
        })),
      ),
      async (job) => {
        late.set(job.key, await buy(job.method));
      },
    );

    const nextMonth = firstOfMonth.plus({ months: 1 }).plus({ days: 1 });
    await clockTo(nextMonth);
    const later = nextMonth.toFormat('yyyy-MM-dd');
    await inBatches(METHODS, async (method) => {
      for (const { requester, amount } of CASES) {
        const key = `${method.name}/${requester}/${amount}`;
        const bought = (amount === 'full' ? late.get(key) : early.get(key)) as Bought;
        await settle(bought, requester, amount, 'next-month', later);
      }
    });
  }, 1_200_000);
});
