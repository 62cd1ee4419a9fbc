import { describe, expect, inject, it } from 'vitest';
import { getPayment, listUserPlans } from '../../functions/core/data/user-plan-repository.ts';
import { createBillingKeyPayment } from '../../shared/api/orders.ts';
import { cancelPaymentUser, createUserRefund } from '../../shared/api/refunds.ts';
import { slowProviderAnswers } from '../integration/crash-points.ts';
import { call } from '../integration/helpers.ts';
import {
  checkout,
  newCustomer,
  openSession,
  placeOrder,
  subscriber,
  VISA_OK,
} from '../integration/orders/order-helpers.ts';
import { disagreementsOf } from './agreement.ts';
import { passTheRechecks } from './crash-walk.ts';

/**
 * A provider that does the work and answers after the product stopped waiting (issue 40, point 4): the
 * sandbox charges or refunds at once and holds its answer 8 s, past the 5 s outside-call limit. The step
 * reads the provider's record instead of the answer and completes once; the customer is answered what
 * happened.
 */
const LATE_MS = 8_000;

describe('a provider that answers late', () => {
  it('the first charge: looked up by its merchant_uid and granted once', async () => {
    const customer = await newCustomer();
    const { sessionInfo } = await openSession(customer, { planName: 'MR_STANDARD_V3' });
    const order = await placeOrder(sessionInfo, 'card');
    await checkout(sessionInfo, order, 'card', VISA_OK);
    await slowProviderAnswers(inject('apiUrl'), { path: '/subscribe/payments/again', delayMs: LATE_MS });
    const answer = await call(createBillingKeyPayment, {
      guid: sessionInfo.guid,
      merchantUid: order.merchantUid,
      customerUid: order.customerUid,
    });
    expect(answer.body.result).toBe('success');
    expect(await getPayment(order.merchantUid)).toMatchObject({ price: 19_900, cancelledAmount: 0 });
    await passTheRechecks();
    expect(await disagreementsOf(customer)).toEqual([]);
  });

  it('the customer’s refund: found back in the provider’s record, made once, answered as made', async () => {
    const customer = await subscriber('MR_STANDARD_V3');
    const guid = (await call(createUserRefund, {}, { token: customer.token })).body.guid as string;
    await slowProviderAnswers(inject('apiUrl'), { path: '/payments/cancel', delayMs: LATE_MS });
    const answer = await call(cancelPaymentUser, {
      guid,
      price: 19_900,
      reason: 'Not for me',
      refundSource: 'portone',
      agreed: true,
    });
    expect(answer.body.result).toMatchObject({ kind: 'refunded', amount: 19_900, refundSource: 'portone' });
    const [plan] = await listUserPlans(customer.uid);
    expect(plan?.planStatus).toBe('UNSCHEDULED');
    await passTheRechecks();
    expect(await disagreementsOf(customer)).toEqual([]);
  });
});
