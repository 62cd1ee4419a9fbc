import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECONCILIATION_VARIABLE } from '../../../scripts/local/reconciliation-switch.ts';
import { SEEDED_ACCOUNTS } from '../../../scripts/local/seed.ts';
import { adminAttentionList } from '../../../shared/api/attention.ts';
import { adminFinanceLedger, adminFinanceSummary, adminRevenueReport } from '../../../shared/api/finance.ts';
import {
  createBillingKeyPayment,
  createInitPayment,
  getPaymentResult,
  insertPaymentProgress,
} from '../../../shared/api/orders.ts';
import { adminUserPaymentList } from '../../../shared/api/payments.ts';
import { adminCancelPayment } from '../../../shared/api/refunds.ts';
import { adminUserCreate } from '../../../shared/api/users.ts';
import { kstDayOf } from '../../../shared/finance/ledger.ts';
import { periodEnd } from '../../../shared/plans/plan-period.ts';
import { type Answer, type CallOptions, call, send } from '../helpers.ts';
import { signInAs } from '../identity/accounts.ts';
import { startIsolatedRuntime } from '../isolated-runtime.ts';
import { progressInput, VISA_OK } from '../orders/order-helpers.ts';
import { checkoutInBrowser } from '../payments/sandbox-harness.ts';
import { operatorToken } from '../staff-sign-in.ts';

/**
 * The finance view equals the ledger (issue 27, point 4), in a runtime of its own (its own table, so
 * the totals are this test's alone, and its own clock): a monthly subscription and a one-year pass are
 * paid through the order routes and the sandbox checkout, the clock passes the subscription's due date
 * (the renewal is charged), and an operator partly refunds the renewal and the pass that day. The
 * finance totals of each day and month, the ledger's entries (the accountant's CSV) and the revenue
 * page's money equal the payments the console lists (price and refunded amount); the revenue page
 * counts the subscription and its recurring revenue; and the daily reconciliation, which ran every
 * night the clock passed, found nothing to list.
 */
let runtime: { url: string; stop: () => Promise<void> };
const on = (token?: string): CallOptions => ({ baseUrl: runtime.url, ...(token ? { token } : {}) });

async function local(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<Answer> {
  return send(new URL(path, runtime.url), {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

async function token(account: { email: string; password: string }, clientType = 'landing'): Promise<string> {
  const answer = await signInAs(account, { clientType }, on());
  if (answer.status !== 200) throw new Error(`sign-in: ${JSON.stringify(answer.body)}`);
  return answer.body.session.idToken;
}

/** A plan bought on the order page with a good card: a subscription's first charge, or a pass. */
async function buy(customerToken: string, planName: string): Promise<string> {
  const opened = await call(
    createInitPayment,
    { clientType: 'landing', language: 'ko', planName },
    on(customerToken),
  );
  expect(opened.status).toBe(200);
  const session = opened.body.sessionInfo;
  const order = (await call(insertPaymentProgress, progressInput(session, 'card'), on())).body;
  await checkoutInBrowser(
    runtime.url,
    {
      pg: progressInput(session, 'card').pg as string,
      pay_method: 'card',
      merchant_uid: order.checkoutMerchantUid,
      name: planName,
      amount: order.amount,
      currency: session.currency,
      buyer_email: progressInput(session, 'card').userEmail as string,
      ...(order.customerUid ? { customer_uid: order.customerUid } : {}),
      m_redirect_url: `${runtime.url}/ko/payment/result/pending?guid=${session.guid}`,
    },
    { choice: VISA_OK },
  );
  const confirmed = order.customerUid
    ? await call(
        createBillingKeyPayment,
        { guid: session.guid, merchantUid: order.merchantUid, customerUid: order.customerUid },
        on(),
      )
    : await call(getPaymentResult, { guid: session.guid, merchantUid: order.merchantUid }, on());
  expect(confirmed.body.result).toBe('success');
  return order.merchantUid;
}

interface Listed {
  merchantUid: string;
  paidAt: number;
  price: number;
  cancelledAmount: number;
  currency: string;
}

beforeAll(async () => {
  runtime = await startIsolatedRuntime({ env: { [RECONCILIATION_VARIABLE]: 'on' } });
}, 90_000);

afterAll(async () => {
  await runtime?.stop();
});

describe('the finance view', () => {
  it('adds up to what the console lists: payments, refunds and a renewal, by day and by month', async () => {
    const operator = on(await operatorToken(on()));
    const subscriber = SEEDED_ACCOUNTS.customer;
    const passHolder = { email: `pass-${Date.now()}@example.com`, password: 'pass-holder1' };
    const created = await call(
      adminUserCreate,
      {
        info: { name: 'Pass Holder', email: passHolder.email, password: passHolder.password, language: 'ko' },
      },
      operator,
    );
    expect(created.status).toBe(200);
    const passUid = created.body.result.uid as string;

    await buy(await token(subscriber), 'MR_STANDARD_V3');
    await buy(await token(passHolder), 'Y1_STANDARD_V3');
    const refund = (uid: string, price: number) =>
      call(adminCancelPayment, { uid, price, reason: 'goodwill', refundSource: 'portone' }, operator);

    const listed = async (uid: string): Promise<Listed[]> =>
      (await call(adminUserPaymentList, { uid, limit: 500 }, operator)).body.users;
    const [first] = await listed(subscriber.uid);
    const due = periodEnd(new Date(first?.paidAt ?? 0), 'MONTHLY').getTime();
    expect((await local('POST', '/_local/clock', { to: new Date(due + 60_000).toISOString() })).status).toBe(
      200,
    );
    expect(await listed(subscriber.uid)).toHaveLength(2);
    // Both refunds are given on the renewal's day: the pass's a month after it was paid.
    expect((await refund(subscriber.uid, 1_000)).body.result.kind).toBe('refunded');
    expect((await refund(passUid, 10_000)).body.result.kind).toBe('refunded');

    const payments = [...(await listed(subscriber.uid)), ...(await listed(passUid))];
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    const days = [...new Set(payments.map((payment) => kstDayOf(payment.paidAt)))].sort();
    const months = [...new Set(days.map((day) => day.slice(0, 7)))];
    expect(days).toHaveLength(2);

    const krwTotal = async (period: string) => {
      const answer = await call(adminFinanceSummary, { period }, operator);
      expect(answer.status).toBe(200);
      return answer.body.result.totals.find(
        (total: { currency: string; payMethod: string }) =>
          total.currency === 'KRW' && total.payMethod === 'all',
      );
    };
    // Each day's gross is what the listed payments of that day took; refunds count on the day given.
    for (const day of days) {
      const total = await krwTotal(day);
      expect(total?.gross, day).toBe(
        sum(payments.filter((payment) => kstDayOf(payment.paidAt) === day).map((payment) => payment.price)),
      );
      expect(total?.refunded, day).toBe(day === days.at(-1) ? 11_000 : 0);
    }
    // Over the months, gross, refunded and net are the listed prices and refunded amounts.
    const monthly = await Promise.all(months.map(krwTotal));
    const gross = sum(payments.map((payment) => payment.price));
    const refunded = sum(payments.map((payment) => payment.cancelledAmount));
    expect(refunded).toBe(11_000);
    expect(sum(monthly.map((total) => total?.gross ?? 0))).toBe(gross);
    expect(sum(monthly.map((total) => total?.refunded ?? 0))).toBe(refunded);
    expect(sum(monthly.map((total) => total?.net ?? 0))).toBe(gross - refunded);
    expect(sum(monthly.map((total) => total?.payments ?? 0))).toBe(3);
    expect(sum(monthly.map((total) => total?.refunds ?? 0))).toBe(2);

    // The ledger's entries, as the CSV exports them: one per payment and refund, the same amounts.
    const entries = (
      await Promise.all(
        months.map(
          async (period) => (await call(adminFinanceLedger, { period, limit: 500 }, operator)).body.result,
        ),
      )
    ).flat() as Array<{
      kind: string;
      merchantUid: string;
      uid: string;
      userEmail?: string;
      amount: number;
      refundSource?: string;
    }>;
    // Each entry names its account by its address (the page shows who paid, not a uid).
    const addressOf: Record<string, string> = {
      [subscriber.uid]: subscriber.email,
      [passUid]: passHolder.email,
    };
    for (const entry of entries.filter((one) => one.uid in addressOf))
      expect(entry.userEmail).toBe(addressOf[entry.uid]);
    for (const payment of payments) {
      const mine = entries.filter((entry) => entry.merchantUid === payment.merchantUid);
      expect(mine.filter((entry) => entry.kind === 'payment').map((entry) => entry.amount)).toEqual([
        payment.price,
      ]);
      expect(sum(mine.filter((entry) => entry.kind === 'refund').map((entry) => entry.amount))).toBe(
        payment.cancelledAmount,
      );
    }
    expect(
      entries.filter((entry) => entry.kind === 'refund').every((entry) => entry.refundSource === 'portone'),
    ).toBe(true);

    // The revenue page: the same money day by day, and the subscription from its purchase to its refund.
    const report = (await call(adminRevenueReport, { from: days[0], to: days.at(-1) }, operator)).body
      .result as {
      revenue: Array<{ day: string; gross: number; refunded: number }>;
      subscriptions: Array<{
        day: string;
        active: Record<string, number>;
        started: number;
        ended: number;
        mrr: { KRW?: number };
      }>;
    };
    expect(sum(report.revenue.map((day) => day.gross))).toBe(gross);
    expect(sum(report.revenue.map((day) => day.refunded))).toBe(refunded);
    const firstDay = report.subscriptions[0];
    expect(firstDay).toMatchObject({
      active: { 'STANDARD MONTHLY': 1 },
      started: 1,
      mrr: { KRW: first?.price },
    });
    const lastDay = report.subscriptions.at(-1);
    expect(lastDay).toMatchObject({ active: {}, ended: 1, mrr: {} });
    expect(report.subscriptions.map((day) => day.started)).toEqual([
      1,
      ...Array(report.subscriptions.length - 1).fill(0),
    ]);

    // Every night the clock passed was reconciled, and the provider agreed with every record.
    const cases = (await call(adminAttentionList, { limit: 500 }, operator)).body.result as Array<{
      kind: string;
    }>;
    expect(
      cases.filter((open) =>
        ['provider_payment_unmatched', 'provider_payment_missing', 'amount_mismatch'].includes(open.kind),
      ),
    ).toEqual([]);
    const { schedules } = (await local('GET', '/_local/schedules.json')).body as {
      schedules: Array<{ Name: string }>;
    };
    expect(schedules.filter((schedule) => schedule.Name.startsWith('reconcile-'))).toHaveLength(1);
  }, 240_000);
});
