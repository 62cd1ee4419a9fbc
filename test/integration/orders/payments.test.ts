import { describe, expect, it } from 'vitest';
import { getOrder } from '../../../functions/core/data/order-repository.ts';
import {
  getPayment,
  getPaymentContact,
  listUserPlans,
} from '../../../functions/core/data/user-plan-repository.ts';
import { periodEnd } from '../../../shared/plans/plan-period.ts';
import {
  checkout,
  confirm,
  DECLINED_CC01,
  newCustomer,
  openSession,
  placeOrder,
  VISA_OK,
} from './order-helpers.ts';

describe('a fixed-term pass paid by card', () => {
  it('is confirmed against the provider and granted once: plan, payment, contact', async () => {
    const buyer = await newCustomer();
    const { sessionInfo } = await openSession(buyer, { planName: 'Y1_STANDARD_V3' });
    const order = await placeOrder(sessionInfo, 'card');
    expect(order.amount).toBe(238800);
    const back = await checkout(sessionInfo, order, 'card', VISA_OK);
    expect(back.imp_success).toBe('true');

    const first = await confirm(sessionInfo.guid, order.merchantUid);
    expect(first.body).toEqual({ result: 'success', merchantUid: order.merchantUid });
    const again = await confirm(sessionInfo.guid, order.merchantUid, { price: 238800, isTest: false });
    expect(again.body.result).toBe('success');

    const plans = await listUserPlans(buyer.uid);
    expect(plans).toHaveLength(1);
    const [plan] = plans;
    expect(plan).toMatchObject({
      planId: order.merchantUid,
      planName: 'Y1_STANDARD_V3',
      planType: 'STANDARD',
      period: 'ONE_YEAR',
      planStatus: 'UNSCHEDULED',
      price: 238800,
      currency: 'KRW',
      payMethod: 'card',
      sttLimit: 1800 * 60,
    });
    expect(plan?.expiredAt).toBe(periodEnd(new Date(plan?.paidAt ?? 0), 'ONE_YEAR').getTime());
    expect(await getPayment(order.merchantUid)).toMatchObject({
      uid: buyer.uid,
      price: 238800,
      status: 'paid',
      paymentType: 'oneoff',
      impUid: back.imp_uid,
    });
    expect(await getPaymentContact(buyer.uid)).toMatchObject({ contactPhoneNumber: '+821012345678' });
    expect((await getOrder(order.merchantUid))?.status).toBe('paid');
  });

  it('answers a declined card as an error with the card code, and grants nothing', async () => {
    const buyer = await newCustomer();
    const { sessionInfo } = await openSession(buyer, { planName: 'Y1_LIGHT_V3' });
    const order = await placeOrder(sessionInfo, 'card');
    const back = await checkout(sessionInfo, order, 'card', DECLINED_CC01);
    expect(back).toMatchObject({ imp_success: 'false', error_code: 'CC01' });
    const answer = await confirm(sessionInfo.guid, order.merchantUid);
    expect(answer.body).toMatchObject({
      result: 'error',
      errorType: 'PORTONE_FAILED',
      failureCode: 'CC01',
      errorMsg: '잔액부족',
    });
    expect(await listUserPlans(buyer.uid)).toEqual([]);
  });
});
