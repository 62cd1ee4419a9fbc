import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { issueBillingKey } from '../../../functions/core/adapters/payment-provider/portone.ts';
import { getOrder } from '../../../functions/core/data/order-reads.ts';
import { db } from '../../../functions/core/data/service.ts';
import { latestUserPlan } from '../../../functions/core/data/user-plan-repository.ts';
import { signInWithPassword } from '../../../functions/core/identity/sign-in.ts';
import { SIGN_IN_LIMITS } from '../../../functions/core/identity/sign-in-limits.ts';
import { registerItemProcessor } from '../../../functions/core/jobs/item-processors.ts';
import { runBatch } from '../../../functions/core/jobs/run-batch.ts';
import { metrics } from '../../../functions/core/observability.ts';
import { settlePaid } from '../../../functions/core/orders/confirmation.ts';
import { receivePaymentNotification } from '../../../functions/core/orders/payment-notification.ts';
import { renewPlan } from '../../../functions/core/renewals/renew-plan.ts';
import { RENEWAL_RETRY_DAYS } from '../../../functions/core/subscriptions/renewal-schedule.ts';
import { PRODUCT_METRICS, type ProductMetricId } from '../../../shared/observability/product-metrics.ts';
import { newCustomerUid, newMerchantUid } from '../../../shared/payments/merchant-uid.ts';
import { uniqueId } from '../helpers.ts';
import { VISA_OK } from '../orders/order-helpers.ts';
import { MONTHLY_LIGHT, ONE_YEAR_PASS, receiptOf, testOrder } from './order-fixtures.ts';
import { paidAtSandbox, withPaymentSandbox } from './sandbox-fixtures.ts';

/**
 * Each business event an operator watches counts once in its metric (shared/observability/
 * product-metrics.ts), where it happens in the domain, however often the work behind it runs: the
 * confirmations, bulk items and sign-ins below run in this process against DynamoDB Local, and the
 * counts are read from Powertools Metrics as it is asked to add them.
 */
let added: MockInstance<typeof metrics.addMetric>;

beforeEach(() => {
  added = vi.spyOn(metrics, 'addMetric');
});
afterEach(() => {
  added.mockRestore();
  metrics.clearMetrics();
});

function counted(): Partial<Record<ProductMetricId, number>> {
  const ids = Object.keys(PRODUCT_METRICS) as ProductMetricId[];
  const counts: Partial<Record<ProductMetricId, number>> = {};
  for (const [name, , value] of added.mock.calls) {
    const id = ids.find((candidate) => PRODUCT_METRICS[candidate].name === name);
    if (id) counts[id] = (counts[id] ?? 0) + Number(value);
  }
  return counts;
}

describe('confirmations', () => {
  it('a payment confirmed twice at once is granted and counted once', async () => {
    const order = await testOrder({ ...ONE_YEAR_PASS, payMethod: 'card' });
    const results = await Promise.all([
      settlePaid(order, receiptOf(order)),
      settlePaid(order, receiptOf(order)),
    ]);
    expect(results).toEqual([{ result: 'success' }, { result: 'success' }]);
    expect(counted()).toEqual({ confirmationGranted: 1 });
  });

  it('a deposit of the wrong amount, confirmed twice: refused, wrong amount and refund_required once each', async () => {
    const order = await testOrder({ ...ONE_YEAR_PASS, payMethod: 'vbank' });
    await settlePaid(order, receiptOf(order, 1000));
    await settlePaid(order, receiptOf(order, 1000));
    expect((await getOrder(order.merchantUid))?.status).toBe('refund_required');
    expect(counted()).toEqual({ confirmationRefused: 1, confirmationWrongAmount: 1, refundRequired: 1 });
  });
});

describe('renewals', () => {
  it('a renewal confirmed twice is charged and counted once', async () => {
    const first = await testOrder({ paymentType: 'regular', ...MONTHLY_LIGHT, payMethod: 'card' });
    await settlePaid(first, receiptOf(first));
    const plan = await latestUserPlan(first.uid);
    if (!plan) throw new Error('The subscription was not granted');
    const renewal = await testOrder({
      paymentType: 'renewal',
      ...MONTHLY_LIGHT,
      payMethod: 'card',
      uid: first.uid,
      planId: plan.planId,
      planExpiredAt: plan.expiredAt,
    });
    added.mockClear();
    await Promise.all([settlePaid(renewal, receiptOf(renewal)), settlePaid(renewal, receiptOf(renewal))]);
    expect(counted()).toEqual({ confirmationGranted: 1, renewalCharged: 1 });
  });
});

describe('bulk items', () => {
  it('are counted done or failed once, even when their message is delivered again', async () => {
    const kind = 'metrics-probe';
    registerItemProcessor(kind, async (item) =>
      item === 'bad' ? { ok: false, reason: 'refused' } : { ok: true },
    );
    const jobId = uniqueId('metrics-job');
    await db().entities.job.create({ jobId, kind, createdBy: 'operator-local', total: 3 }).go();
    const message = { jobId, kind, batchIndex: 0, items: ['a', 'bad', 'b'], params: {} };
    await runBatch(message);
    await runBatch(message);
    expect(counted()).toEqual({ bulkItemDone: 2, bulkItemFailed: 1 });
  });
});

describe('sign-ins', () => {
  const attempt = (email: string) =>
    signInWithPassword({
      email,
      password: 'not-the-password1',
      clientType: 'landing',
      persistSession: false,
      clientAddress: '',
    }).catch((error: { code?: string }) => error.code);

  it('count each failure, and each refusal once the account is locked out', async () => {
    const email = `${uniqueId('nobody')}@example.com`;
    const { maxFailures } = SIGN_IN_LIMITS.account;
    const outcomes: unknown[] = [];
    for (let i = 0; i < maxFailures + 2; i += 1) outcomes.push(await attempt(email));
    expect(outcomes.filter((code) => code === 'EMAIL_NOT_FOUND')).toHaveLength(maxFailures);
    expect(outcomes.filter((code) => code === 'TOO_MANY_ATTEMPTS_TRY_LATER')).toHaveLength(2);
    expect(counted()).toEqual({ signInFailed: maxFailures, signInLockedOut: 2 });
  });
});

describe('with the payment sandbox', () => {
  const sandbox = withPaymentSandbox();

  it('a webhook counts each notification received, whatever it names', async () => {
    const notice = { imp_uid: 'imp_nobody_knows', merchant_uid: 'order_nobody_knows' };
    expect(await receivePaymentNotification(notice)).toBe('ignored');
    expect(await receivePaymentNotification(notice)).toBe('ignored');
    expect(counted()).toEqual({ webhookReceived: 2 });
  });

  it('a card payment of the wrong amount, confirmed twice: refused, wrong amount and refunded once each', async () => {
    const order = await testOrder({ ...ONE_YEAR_PASS, payMethod: 'card' });
    const impUid = await paidAtSandbox(sandbox(), order, 1000);
    const receipt = { ...receiptOf(order, 1000), impUid };
    await settlePaid(order, receipt);
    await settlePaid(order, receipt);
    expect((await getOrder(order.merchantUid))?.status).toBe('refunded');
    expect(counted()).toEqual({
      confirmationRefused: 1,
      confirmationWrongAmount: 1,
      confirmationRefunded: 1,
    });
  });

  it('a last renewal retry declined, run twice: declined and held once each', async () => {
    const customerUid = newCustomerUid();
    await issueBillingKey({ customerUid, card: { number: VISA_OK, expiry: '2030-12', birth: '900101' } });
    const first = await testOrder({
      paymentType: 'regular',
      ...MONTHLY_LIGHT,
      payMethod: 'card',
      customerUid,
    });
    await settlePaid(first, receiptOf(first));
    const plan = await latestUserPlan(first.uid);
    if (!plan) throw new Error('The subscription was not granted');
    const declined = await fetch(`${sandbox().pagesUrl}/_local/payments/billing-keys/decline`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ customer_uid: customerUid, code: 'CC66' }),
    });
    expect(declined.status).toBe(200);
    const lastRetry = {
      uid: plan.uid,
      planId: plan.planId,
      periodEnd: plan.expiredAt,
      attempt: RENEWAL_RETRY_DAYS.length,
      merchantUid: newMerchantUid('renewal'),
    };
    added.mockClear();
    expect(await renewPlan(lastRetry)).toBe('held');
    await renewPlan(lastRetry);
    expect(counted()).toEqual({ renewalDeclined: 1, planHeld: 1 });
  });
});
