import { describe, expect, inject, it } from 'vitest';
import { getPayment, listUserPlans } from '../../functions/core/data/user-plan-repository.ts';
import { cancelPaymentUser, createUserRefund } from '../../shared/api/refunds.ts';
import { crashControl } from '../integration/crash-points.ts';
import { type Answer, call } from '../integration/helpers.ts';
import { sandboxState, subscriber } from '../integration/orders/order-helpers.ts';
import { disagreementsOf } from './agreement.ts';
import { coldStart } from './crash-control.ts';
import { passTheRechecks } from './crash-walk.ts';

/**
 * The two defects issue 40 found, kept as regressions: (1) the customer's refund ended after the provider
 * returned the money, pressed again: the product showed nothing refunded and the plan PAID while the
 * retry answered "refunded"; (2) the refund ended after it was recorded, pressed again: the customer was
 * told 409 USER_NOT_SUBSCRIBED "The account has no plan to refund" instead of the refund made.
 */
const PRICE = 19_900;

async function refundOnce(guid: string): Promise<Answer> {
  return call(cancelPaymentUser, {
    guid,
    price: PRICE,
    reason: 'Not for me',
    refundSource: 'portone',
    agreed: true,
  });
}

async function refundSession() {
  const customer = await subscriber('MR_STANDARD_V3');
  const guid = (await call(createUserRefund, {}, { token: customer.token })).body.guid as string;
  const [plan] = await listUserPlans(customer.uid);
  return { customer, guid, merchantUid: plan?.paidMerchantUid ?? plan?.planId ?? '' };
}

describe('a customer’s refund whose function was ended', () => {
  it('after the provider returned the money: the retry records it, ends the plan, and answers the refund', async () => {
    const control = crashControl(inject('apiUrl'));
    const whole = await refundSession();
    await coldStart(cancelPaymentUser.name);
    await refundOnce(whole.guid);
    const calls = (await control.lastInvocation(cancelPaymentUser.name, { match: whole.guid })).calls;
    const cancel = calls.find((traced) => traced.label.includes('/payments/cancel'));
    expect(cancel, JSON.stringify(calls.map((traced) => traced.label))).toBeDefined();

    const { customer, guid, merchantUid } = await refundSession();
    const plan = await control.arm(
      cancelPaymentUser.name,
      { call: cancel?.call ?? 0, when: 'sent' },
      { match: guid },
    );
    expect((await refundOnce(guid)).status).toBe(500);
    expect((await control.plan(plan, { waitMs: 15_000 })).results[0]?.outcome).toBe('reached');
    const atProvider = (await sandboxState()).payments.find(
      (payment) => payment.merchant_uid === merchantUid,
    );
    expect(atProvider?.cancel_amount).toBe(PRICE);

    const retried = await refundOnce(guid);
    expect(retried.body.result).toEqual({ kind: 'refunded', amount: PRICE, refundSource: 'portone' });
    expect(await getPayment(merchantUid)).toMatchObject({ cancelledAmount: PRICE, status: 'cancelled' });
    expect((await listUserPlans(customer.uid))[0]?.planStatus).toBe('UNSCHEDULED');
    await passTheRechecks();
    expect(await disagreementsOf(customer)).toEqual([]);
  });

  it('after the refund was recorded: pressed again, it answers the refund made, not that no plan is left', async () => {
    const control = crashControl(inject('apiUrl'));
    const { customer, guid, merchantUid } = await refundSession();
    const plan = await control.arm(cancelPaymentUser.name, { handler: 'returned' }, { match: guid });
    expect((await refundOnce(guid)).status).toBe(500);
    expect((await control.plan(plan, { waitMs: 15_000 })).results[0]?.outcome).toBe('reached');
    const retried = await refundOnce(guid);
    expect({ status: retried.status, result: retried.body.result }).toEqual({
      status: 200,
      result: { kind: 'refunded', amount: PRICE, refundSource: 'portone' },
    });
    expect(await getPayment(merchantUid)).toMatchObject({ cancelledAmount: PRICE });
    await passTheRechecks();
    expect(await disagreementsOf(customer)).toEqual([]);
  });
});
