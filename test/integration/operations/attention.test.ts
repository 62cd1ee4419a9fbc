import { describe, expect, it } from 'vitest';
import { createOrder, getOrder, type PaymentOrder } from '../../../functions/core/data/order-repository.ts';
import { listUserActivities } from '../../../functions/core/data/user-activity-repository.ts';
import { settlePaid } from '../../../functions/core/orders/confirmation.ts';
import { adminAttentionList, adminAttentionResolve } from '../../../shared/api/attention.ts';
import { newMerchantUid } from '../../../shared/payments/merchant-uid.ts';
import { adminToken, call, uniqueId } from '../helpers.ts';

/**
 * The attention page's cases and actions (shared/attention/attention-cases.ts): a virtual account
 * deposited with the wrong amount cannot go back at the provider without the customer's bank account,
 * so it is listed, with what the deposit took, for a refund to the product account or a dismissal.
 */
async function depositedWrongAmount(): Promise<PaymentOrder> {
  const merchantUid = newMerchantUid('order');
  await createOrder({
    merchantUid,
    uid: uniqueId('attention-buyer'),
    clientType: 'landing',
    language: 'ko',
    paymentType: 'oneoff',
    planName: 'Y1_STANDARD_V3',
    planType: 'STANDARD',
    period: 'ONE_YEAR',
    catalogue: 'default',
    currency: 'KRW',
    payMethod: 'vbank',
    pg: 'html5_inicis',
    listPrice: 238800,
    finalPrice: 238800,
    amount: 238800,
    isTest: false,
    userName: 'Attention Buyer',
    userEmail: 'attention-buyer@example.com',
    userPhone: '+821012345678',
  });
  const order = (await getOrder(merchantUid)) as PaymentOrder;
  const receipt = { paidAt: Date.now(), amount: 1000, currency: 'KRW', impUid: `imp_${merchantUid}` };
  expect(await settlePaid(order, receipt)).toMatchObject({ result: 'error', errorType: 'INCONSISTENCY' });
  return order;
}

async function listed(merchantUid: string) {
  const answer = await call(adminAttentionList, { limit: 500 }, { token: await adminToken() });
  expect(answer.status).toBe(200);
  return answer.body.result.filter((open: { merchantUid?: string }) => open.merchantUid === merchantUid);
}

const resolve = async (input: Record<string, unknown>) =>
  call(adminAttentionResolve, input, { token: await adminToken() });

describe('a deposit the product cannot keep nor return by itself', () => {
  it('is listed with what it took, refunded once to the product account; a refusal changes nothing', async () => {
    const order = await depositedWrongAmount();
    const [open] = await listed(order.merchantUid);
    expect(open).toMatchObject({
      kind: 'refund_required',
      uid: order.uid,
      amount: 1000,
      currency: 'KRW',
      refundSources: ['cutloom'],
      reason: 'The amount paid differs from the order',
    });

    const throughProvider = await resolve({
      caseId: open.caseId,
      action: 'refund',
      refundSource: 'portone',
      reason: 'x',
    });
    expect(throughProvider.body.error).toMatchObject({ code: 'invalid_argument' });
    const noReason = await resolve({ caseId: open.caseId, action: 'dismiss', reason: ' ' });
    expect(noReason.body.error).toMatchObject({ code: 'invalid_argument' });
    expect(await listed(order.merchantUid)).toHaveLength(1);
    expect((await getOrder(order.merchantUid))?.status).toBe('refund_required');

    const refund = () =>
      resolve({
        caseId: open.caseId,
        action: 'refund',
        refundSource: 'cutloom',
        reason: 'Paid back by bank',
      });
    const answers = await Promise.all([refund(), refund(), refund()]);
    expect(answers.map((answer) => answer.body.result).sort()).toEqual([
      'already-ended',
      'already-ended',
      'ended',
    ]);
    expect(await listed(order.merchantUid)).toEqual([]);
    expect((await getOrder(order.merchantUid))?.status).toBe('refunded');
    const activities = await listUserActivities(order.uid);
    expect(activities.map((activity) => [activity.action, activity.desc])).toEqual([
      ['attention.refund', `${order.merchantUid} 1000 KRW (cutloom): Paid back by bank`],
    ]);
  });

  it('dismissed with a reason, leaves the page and its order as it is', async () => {
    const order = await depositedWrongAmount();
    const [open] = await listed(order.merchantUid);
    const dismissals = await Promise.all(
      [1, 2].map(() => resolve({ caseId: open.caseId, action: 'dismiss', reason: 'Settled by phone' })),
    );
    expect(dismissals.map((answer) => answer.body.result).sort()).toEqual(['already-ended', 'ended']);
    expect(await listed(order.merchantUid)).toEqual([]);
    expect((await getOrder(order.merchantUid))?.status).toBe('refund_required');
    const activities = await listUserActivities(order.uid);
    expect(activities.map((activity) => activity.action)).toEqual(['attention.dismiss']);
  });
});
