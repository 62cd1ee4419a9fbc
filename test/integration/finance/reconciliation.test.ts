import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cancelPayment,
  getPayment as lookUpProviderPayment,
} from '../../../functions/core/adapters/payment-provider/portone.ts';
import { attentionList, resolveAttention } from '../../../functions/core/attention/attention-cases.ts';
import { nowMs } from '../../../functions/core/clock.ts';
import { getOrder, type PaymentOrder } from '../../../functions/core/data/order-reads.ts';
import { ensureReconciliationScheduled } from '../../../functions/core/finance/reconciliation.ts';
import { confirmOrder, settlePaid } from '../../../functions/core/orders/confirmation.ts';
import { invokeModule } from '../../../scripts/local/lambda-context.ts';
import type { LocalEndpointHandler, StandIn } from '../../../scripts/local/stand-in-context.ts';
import { start as startScheduler } from '../../../scripts/local/stand-ins/scheduler.ts';
import { moveTestClockTo } from '../../../scripts/local/test-clock.ts';
import type { AttentionCaseView } from '../../../shared/api/attention.ts';
import { kstDayBounds, kstDayOf } from '../../../shared/finance/ledger.ts';
import { reconciliationRunAt, reconciliationScheduleName } from '../../../shared/finance/reconciliation.ts';
import { RECONCILIATION_TARGET } from '../../../shared/jobs/schedules.ts';
import { pointAtRuntime, uniqueId } from '../helpers.ts';
import { ONE_YEAR_PASS, receiptOf, testOrder } from '../operations/order-fixtures.ts';
import { paidAtSandbox, withPaymentSandbox } from '../operations/sandbox-fixtures.ts';
import { VISA_OK } from '../orders/order-helpers.ts';
import { checkoutInBrowser } from '../payments/sandbox-harness.ts';

/**
 * The daily reconciliation (functions/core/finance/reconciliation.ts) end to end in this process: the
 * payment sandbox and EventBridge Scheduler's stand-in here, the suite's DynamoDB Local, and this
 * process's test clock on a day of its own years ahead (so the day's ledger holds only this test's
 * payments). One discrepancy of each kind is made on that day, with payments that agree beside them; the
 * clock passes 03:00 of the next day, the scheduler runs the day's reconciliation (every event twice at
 * once, as at-least-once delivery may), and each discrepancy is listed once.
 */
const CARD_PASS = { ...ONE_YEAR_PASS, payMethod: 'card' } as const;
const endpoints = new Map<string, LocalEndpointHandler>();
let scheduler: StandIn | undefined;
const harness = withPaymentSandbox();

/** A day of its own: some day of 2041 to 2045 (KST), at 10:00. */
const day = `${2041 + Math.floor(Math.random() * 5)}-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(
  Math.random() * 9,
)}`;

async function local(method: string, path: string, body?: unknown): Promise<unknown> {
  const req = Readable.from(body === undefined ? [] : [Buffer.from(JSON.stringify(body))]);
  let text = '';
  const res = { writeHead: () => res, end: (chunk?: string) => (text = chunk ?? '') };
  await endpoints.get(`${method} ${path}`)?.(
    req as unknown as IncomingMessage,
    res as unknown as ServerResponse,
  );
  return text ? JSON.parse(text) : undefined;
}

async function openCases(): Promise<AttentionCaseView[]> {
  const cases: AttentionCaseView[] = [];
  let cursor: string | undefined;
  do {
    const page = await attentionList({ limit: 500, ...(cursor ? { cursor } : {}) });
    cases.push(...page.result);
    cursor = page.cursor ?? undefined;
  } while (cursor);
  return cases;
}

async function pendingReconciliations(): Promise<string[]> {
  const { schedules } = (await local('GET', '/_local/schedules.json')) as {
    schedules: Array<{ Name: string }>;
  };
  return schedules.map((schedule) => schedule.Name).filter((name) => name.startsWith('reconcile-'));
}

/** An order paid at the sandbox and confirmed as the product confirms it (the provider looked up). */
async function paidOrder(amount?: number): Promise<PaymentOrder & { impUid: string }> {
  const order = await testOrder(CARD_PASS);
  const impUid = await paidAtSandbox(harness(), order, amount);
  await confirmOrder(order);
  return { ...((await getOrder(order.merchantUid)) as PaymentOrder), impUid };
}

beforeAll(async () => {
  pointAtRuntime();
  moveTestClockTo(kstDayBounds(day).fromMs + 10 * 3_600_000);
  scheduler = await startScheduler(
    {
      registerLocalEndpoint: (method, path, handler) => endpoints.set(`${method} ${path}`, handler),
      invokeModule,
      stateDir: undefined,
      baseUrl: 'http://localhost',
    },
    // Every scheduled event delivered twice at once.
    { duplicateShare: 1 },
  );
  Object.assign(process.env, scheduler.env);
});

afterAll(async () => {
  await scheduler?.stop();
  delete process.env.TEST_CLOCK_OFFSET_MS;
});

describe('the daily reconciliation', () => {
  it('lists each discrepancy of a day once: a payment without an order, an order without a payment, differing amounts', async () => {
    expect(await ensureReconciliationScheduled()).toBe(day);
    expect(await pendingReconciliations()).toEqual([reconciliationScheduleName(day)]);

    // Agreeing: a payment confirmed and kept; a payment of the wrong amount, refunded at once.
    const kept = await paidOrder();
    const refundedAtOnce = await paidOrder(1000);
    expect(refundedAtOnce.status).toBe('refunded');

    // Someone paid the provider for no order of ours.
    const strayUid = uniqueId('stray');
    const { returned } = await checkoutInBrowser(
      harness().pagesUrl,
      {
        pg: 'html5_inicis',
        pay_method: 'card',
        merchant_uid: strayUid,
        name: 'Y1_STANDARD_V3',
        amount: 50_000,
        currency: 'KRW',
        buyer_email: 'stray@example.com',
        m_redirect_url: `${harness().pagesUrl}/ko/payment/result/pending`,
      },
      { choice: VISA_OK },
    );
    const strayImpUid = returned.searchParams.get('imp_uid') as string;
    // A paid order whose payment the provider never had (recorded from a receipt it cannot show).
    const unknown = await testOrder(CARD_PASS);
    expect(await settlePaid(unknown, { ...receiptOf(unknown), paidAt: nowMs() })).toMatchObject({
      result: 'success',
    });
    // A payment partly refunded in the provider's console, which our records know nothing of.
    const refundedElsewhere = await paidOrder();
    await cancelPayment({
      impUid: refundedElsewhere.impUid,
      amount: 10_000,
      checksum: refundedElsewhere.amount,
      reason: 'refunded by phone',
    });

    await local('POST', '/_local/clock', { to: new Date(reconciliationRunAt(day) + 1_000).toISOString() });
    const ours = (open: AttentionCaseView) =>
      [strayUid, unknown.merchantUid, refundedElsewhere.merchantUid, kept.merchantUid].includes(
        open.merchantUid ?? '',
      ) || open.merchantUid === refundedAtOnce.merchantUid;
    const listed = (await openCases()).filter(ours);
    expect(listed.map((open) => open.kind).sort()).toEqual([
      'amount_mismatch',
      'provider_payment_missing',
      'provider_payment_unmatched',
    ]);
    expect(listed.find((open) => open.kind === 'provider_payment_unmatched')).toMatchObject({
      caseId: `provider_payment_unmatched:${strayImpUid}`,
      merchantUid: strayUid,
      amount: 50_000,
      currency: 'KRW',
      userEmail: 'stray@example.com',
    });
    expect(listed.find((open) => open.kind === 'provider_payment_missing')).toMatchObject({
      uid: unknown.uid,
      merchantUid: unknown.merchantUid,
      amount: unknown.amount,
    });
    const mismatch = listed.find((open) => open.kind === 'amount_mismatch');
    expect(mismatch).toMatchObject({
      uid: refundedElsewhere.uid,
      merchantUid: refundedElsewhere.merchantUid,
    });
    expect(mismatch?.reason).toContain(`${refundedElsewhere.amount} KRW taken, 10000 returned`);
    expect(mismatch?.reason).toContain('recorded: 238800 KRW taken, 0 returned through PortOne');
    // The run scheduled the next day's.
    expect(await pendingReconciliations()).toEqual([
      reconciliationScheduleName(kstDayOf(kstDayBounds(day).toMs)),
    ]);

    // Run again (as a retried run would): nothing more; nor once an operator dismissed a case.
    const operator = { uid: uniqueId('finance'), email: 'finance@example.com' };
    expect(
      await resolveAttention(
        { caseId: mismatch?.caseId as string, action: 'dismiss', reason: 'refunded by phone' },
        operator,
      ),
    ).toBe('ended');
    const rerun = await invokeModule(`events/${RECONCILIATION_TARGET.handler}`, { day });
    expect(rerun).toMatchObject({ day, discrepancies: 3, listed: 0 });
    expect(
      (await openCases())
        .filter(ours)
        .map((open) => open.kind)
        .sort(),
    ).toEqual(['provider_payment_missing', 'provider_payment_unmatched']);
    // The provider still reports what the sandbox holds.
    expect((await lookUpProviderPayment(strayImpUid))?.status).toBe('paid');
    expect(nowMs()).toBeGreaterThan(reconciliationRunAt(day));
  });
});
