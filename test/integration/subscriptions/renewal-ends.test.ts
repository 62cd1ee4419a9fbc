import { describe, expect, inject, it } from 'vitest';
import { listUserPlans } from '../../../functions/core/data/user-plan-repository.ts';
import { createBillingKeyPayment } from '../../../shared/api/orders.ts';
import { cancelPaymentUser, createUserRefund, userRefundInfo } from '../../../shared/api/refunds.ts';
import { unsubscribePayment } from '../../../shared/api/subscriptions.ts';
import { adminToken, call, send } from '../helpers.ts';
import { type Customer, placeUpgrade, subscriber } from '../orders/order-helpers.ts';

/**
 * Every end of a subscription deletes its pending renewal in the step that ends it: what the
 * EventBridge Scheduler stand-in still holds (/_local/schedules.json) for the plan afterwards is nothing.
 * (A retry pending after a declined renewal, ended by a new plan, is in renewals.test.ts: it needs the
 * test clock.)
 */
async function pendingRenewals(planId: string): Promise<string[]> {
  const answer = await send(new URL('/_local/schedules.json', inject('apiUrl')), { method: 'GET' });
  return (answer.body as { schedules: Array<{ Name: string }> }).schedules
    .map((schedule) => schedule.Name)
    .filter((name) => name.startsWith(`rnw-${planId}-`));
}

async function currentPlanId(customer: Customer): Promise<string> {
  const [plan] = await listUserPlans(customer.uid);
  if (!plan) throw new Error('no plan');
  return plan.planId;
}

describe('the pending renewal of a subscription', () => {
  it('goes when the plan is upgraded, and the new plan’s comes', async () => {
    const buyer = await subscriber('MR_LIGHT_V3');
    const replaced = await currentPlanId(buyer);
    expect(await pendingRenewals(replaced)).toHaveLength(1);

    const { session, merchantUid, customerUid } = await placeUpgrade(buyer, 'MR_STANDARD_V3');
    const paid = await call(createBillingKeyPayment, {
      guid: session.guid,
      merchantUid,
      customerUid,
      isUpgrade: true,
    });
    expect(paid.body.result).toBe('success');

    expect(await pendingRenewals(replaced)).toEqual([]);
    expect(await pendingRenewals(merchantUid)).toHaveLength(1);
  });

  it('goes when the customer is refunded', async () => {
    const buyer = await subscriber('MR_LIGHT_V3');
    const planId = await currentPlanId(buyer);
    expect(await pendingRenewals(planId)).toHaveLength(1);
    const guid = (await call(createUserRefund, {}, { token: buyer.token })).body.guid;
    const { estimatedRefundPrice, refundSource } = (await call(userRefundInfo, { guid })).body.result;
    const refunded = await call(cancelPaymentUser, {
      guid,
      price: estimatedRefundPrice,
      reason: 'Not for me',
      refundSource,
      agreed: true,
    });
    expect(refunded.body.result.kind).toBe('refunded');
    expect(await pendingRenewals(planId)).toEqual([]);
  });

  it('goes when an operator unsubscribes the plan', async () => {
    const buyer = await subscriber('MR_LIGHT_V3');
    const planId = await currentPlanId(buyer);
    expect(await pendingRenewals(planId)).toHaveLength(1);
    const answer = await call(
      unsubscribePayment,
      { uid: buyer.uid, requestedBy: 'operator@example.com' },
      { token: await adminToken() },
    );
    expect(answer.body.result.planStatus).toBe('UNSCHEDULED');
    expect(await pendingRenewals(planId)).toEqual([]);
  });
});
