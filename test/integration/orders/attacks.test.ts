import { describe, expect, it } from 'vitest';
import { getCoupon, listCouponRedemptions } from '../../../functions/core/data/coupon-repository.ts';
import { getOrder, listOrdersByUser } from '../../../functions/core/data/order-reads.ts';
import { db } from '../../../functions/core/data/service.ts';
import {
  getPayment,
  getUserPlan,
  getUserPlanHead,
  listPaymentsByUser,
  listUserPlans,
} from '../../../functions/core/data/user-plan-repository.ts';
import { insertPaymentProgress, portoneWebhook } from '../../../shared/api/orders.ts';
import { call } from '../helpers.ts';
import { hideFromPlanIndex } from '../plan-index.ts';
import { startedCoupon } from './coupon-helpers.ts';
import {
  checkout,
  confirm,
  lapsedSession,
  newCustomer,
  openSession,
  placeOrder,
  progressInput,
  sandboxState,
  sessionWithCoupon,
  until,
  VISA_OK,
} from './order-helpers.ts';

describe('a tampered price', () => {
  it('is refused before any order exists (INVALID_PRICE)', async () => {
    const buyer = await newCustomer();
    const { sessionInfo } = await openSession(buyer, { planName: 'Y1_STANDARD_V3' });
    for (const price of [100, 238799, 238801, -238800, 238800.5]) {
      const answer = await call(insertPaymentProgress, progressInput(sessionInfo, 'card', { price }));
      expect(answer, String(price)).toMatchObject({
        status: 422,
        body: { error: { code: 'INVALID_PRICE' } },
      });
    }
    expect(await listOrdersByUser(buyer.uid)).toEqual([]);
  });

  it('at the checkout is caught at confirmation: the payment is cancelled and nothing granted', async () => {
    const buyer = await newCustomer();
    const { sessionInfo } = await openSession(buyer, { planName: 'Y1_STANDARD_V3' });
    const order = await placeOrder(sessionInfo, 'card');
    const back = await checkout(sessionInfo, order, 'card', VISA_OK, { amount: 1000 });
    expect(back.imp_success).toBe('true');
    const answer = await confirm(sessionInfo.guid, order.merchantUid);
    expect(answer.body).toMatchObject({ result: 'error', errorType: 'INCONSISTENCY' });
    // Whichever confirmation claimed the refund (this call or the provider's notification) returns the money.
    await until(
      async () => ((await getOrder(order.merchantUid))?.status === 'refunded' ? true : undefined),
      'the refund',
    );
    const provider = (await sandboxState()).payments.find((payment) => payment.imp_uid === back.imp_uid);
    expect(provider).toMatchObject({ status: 'cancelled', cancel_amount: 1000 });
    expect(await listUserPlans(buyer.uid)).toEqual([]);
    expect(await listPaymentsByUser(buyer.uid)).toEqual([]);
    expect((await confirm(sessionInfo.guid, order.merchantUid)).body.errorType).toBe('INCONSISTENCY');
  });

  it('in test mode is still the real price; the checkout is asked for its test-range image', async () => {
    const buyer = await newCustomer();
    const { sessionInfo } = await openSession(buyer, { planName: 'Y1_STANDARD_V3' });
    const test = { ...sessionInfo, isTest: true };
    const realPriceAsCharge = await call(
      insertPaymentProgress,
      progressInput(test, 'card', { price: sessionInfo.price.finalPrice }),
    );
    expect(realPriceAsCharge.status).toBe(200);
    expect(realPriceAsCharge.body.amount).toBeLessThanOrEqual(5000);
    expect(realPriceAsCharge.body.amount).toBeGreaterThanOrEqual(2000);
  });
});

describe('the order rules', () => {
  it('refuse another plan, currency or method than the session offers', async () => {
    const buyer = await newCustomer();
    const { sessionInfo } = await openSession(buyer, { planName: 'MR_STANDARD_V3' });
    const refusals: Array<[Record<string, unknown>, number, string]> = [
      [{ planName: 'MR_LIGHT_V3' }, 409, 'INCONSISTENCY'],
      [{ currency: 'USD' }, 409, 'INCONSISTENCY'],
      [{ payMethod: 'vbank', pg: 'html5_inicis' }, 400, 'INVALID_ARGUMENT'],
      [{ pg: 'kakaopay' }, 400, 'INVALID_ARGUMENT'],
      [{ payMethod: 'bitcoin' }, 400, 'INVALID_ARGUMENT'],
      [{ userPhone: '01012345678' }, 400, 'INVALID_ARGUMENT'],
      [{ isUpgrade: true }, 409, 'UPGRADE_NOT_ALLOWED'],
      [{ guid: 'not-a-guid' }, 401, 'AUTHORIZATION'],
    ];
    for (const [overrides, status, code] of refusals) {
      const answer = await call(insertPaymentProgress, progressInput(sessionInfo, 'card', overrides));
      expect(answer, JSON.stringify(overrides)).toMatchObject({ status, body: { error: { code } } });
    }
    expect(await listOrdersByUser(buyer.uid)).toEqual([]);
  });

  it('take PayPal as card on its own channel, for a one-time payment in dollars', async () => {
    const buyer = await newCustomer();
    const { sessionInfo } = await openSession(buyer, { language: 'en', planName: 'Y1_LIGHT_V3' });
    const order = await placeOrder(sessionInfo, 'paypal');
    expect(await getOrder(order.merchantUid)).toMatchObject({
      payMethod: 'card',
      pg: 'paypal',
      amount: 107.88,
    });
  });
});

describe('a reused merchantUid', () => {
  it('cannot be paid twice, confirmed for another session, or granted twice', async () => {
    const buyer = await newCustomer();
    const { sessionInfo } = await openSession(buyer, { planName: 'Y1_LIGHT_V3' });
    const order = await placeOrder(sessionInfo, 'card');
    await checkout(sessionInfo, order, 'card', VISA_OK);
    expect((await confirm(sessionInfo.guid, order.merchantUid)).body.result).toBe('success');
    const second = await checkout(sessionInfo, order, 'card', VISA_OK);
    expect(second.imp_success).toBe('false');
    expect((await confirm(sessionInfo.guid, order.merchantUid)).body.result).toBe('success');
    const thief = await openSession(await newCustomer(), { planName: 'Y1_LIGHT_V3' });
    expect((await confirm(thief.guid, order.merchantUid)).body.error.code).toBe('NO_PAYMENT_PROGRESS');
    expect(await listUserPlans(buyer.uid)).toHaveLength(1);
    expect(await listPaymentsByUser(buyer.uid)).toHaveLength(1);
  });
});

describe('50 concurrent confirmations of one order', () => {
  it('grant exactly one plan, one payment and one coupon usage', async () => {
    const couponCode = await startedCoupon({ totalAmount: 10, discounts: { Y1_LIGHT_V3: 10 } });
    const buyer = await newCustomer();
    const sessionInfo = await sessionWithCoupon(buyer, 'Y1_LIGHT_V3', couponCode);
    const order = await placeOrder(sessionInfo, 'card');
    const back = await checkout(sessionInfo, order, 'card', VISA_OK);
    const confirmations = Array.from({ length: 50 }, (_, index) =>
      index % 10 === 0
        ? call(portoneWebhook, { imp_uid: back.imp_uid, merchant_uid: order.merchantUid, status: 'paid' })
        : confirm(sessionInfo.guid, order.merchantUid),
    );
    const answers = await Promise.all(confirmations);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(['success', 'confirmed']).toContain(answer.body.result);
    }
    expect(await listUserPlans(buyer.uid)).toHaveLength(1);
    expect(await listPaymentsByUser(buyer.uid)).toHaveLength(1);
    expect(await getUserPlanHead(buyer.uid)).toMatchObject({ version: 1, currentPlanId: order.merchantUid });
    const usages = (await listCouponRedemptions(couponCode)).filter(
      (redemption) => redemption.status === 'used',
    );
    expect(usages).toHaveLength(1);
    expect((await getCoupon(couponCode))?.remainAmount).toBe(9);
  });
});

describe('a coupon with one left', () => {
  it('goes to exactly one of 20 concurrent orders', async () => {
    const couponCode = await startedCoupon({ totalAmount: 1, discounts: { MR_LIGHT_V3: 50 } });
    const sessions = await Promise.all(
      Array.from({ length: 20 }, async () =>
        sessionWithCoupon(await newCustomer(), 'MR_LIGHT_V3', couponCode),
      ),
    );
    const answers = await Promise.all(
      sessions.map((sessionInfo) => call(insertPaymentProgress, progressInput(sessionInfo, 'card'))),
    );
    const placed = answers.filter((answer) => answer.status === 200);
    expect(placed).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expect(refused.body.error).toMatchObject({
        code: 'INVALID_COUPON_CODE',
        coupon: { reason: 'exhausted' },
      });
    }
    expect((await getCoupon(couponCode))?.remainAmount).toBe(0);
    expect(await listCouponRedemptions(couponCode)).toHaveLength(1);
    expect(placed[0]?.body.amount).toBe(4950);
  });

  it('comes back when its order fails, for the next customer', async () => {
    const couponCode = await startedCoupon({ totalAmount: 1, discounts: { Y1_LIGHT_V3: 50 } });
    const withCoupon = await sessionWithCoupon(await newCustomer(), 'Y1_LIGHT_V3', couponCode);
    const order = await placeOrder(withCoupon, 'card');
    await checkout(withCoupon, order, 'card', 'abandon');
    expect((await confirm(withCoupon.guid, order.merchantUid)).body.result).toBe('error');
    expect((await getCoupon(couponCode))?.remainAmount).toBe(1);
    const taken = await sessionWithCoupon(await newCustomer(), 'Y1_LIGHT_V3', couponCode);
    expect((await call(insertPaymentProgress, progressInput(taken, 'card'))).status).toBe(200);
  });

  it('comes back when its hold runs out', async () => {
    const couponCode = await startedCoupon({ totalAmount: 1, discounts: { Y1_LIGHT_V3: 50 } });
    const withCoupon = await sessionWithCoupon(await newCustomer(), 'Y1_LIGHT_V3', couponCode);
    await placeOrder(withCoupon, 'card');
    const [hold] = await listCouponRedemptions(couponCode);
    await db()
      .entities.couponRedemption.patch({ couponCode, uid: hold?.uid as string })
      .set({ heldUntil: Date.now() - 1 })
      .go();
    const taken = await sessionWithCoupon(await newCustomer(), 'Y1_LIGHT_V3', couponCode);
    expect((await call(insertPaymentProgress, progressInput(taken, 'card'))).status).toBe(200);
    expect((await getCoupon(couponCode))?.remainAmount).toBe(0);
  });
});

/** One account's orders in two tabs, both placed; the first tab's paid and granted. */
async function firstTabGranted() {
  const buyer = await newCustomer();
  const one = await openSession(buyer, { planName: 'Y1_LIGHT_V3' });
  const two = await openSession(buyer, { planName: 'Y1_STANDARD_V3' });
  const first = await placeOrder(one.sessionInfo, 'card');
  const second = await placeOrder(two.sessionInfo, 'card');
  await checkout(one.sessionInfo, first, 'card', VISA_OK);
  expect((await confirm(one.guid, first.merchantUid)).body.result).toBe('success');
  return { buyer, two, first, second };
}

describe('a second plan for the same account', () => {
  it('is not granted: the later payment is returned (DUPLICATE_PAYMENT)', async () => {
    const { buyer, two, first, second } = await firstTabGranted();
    // The second tab's order was placed before the plan was granted; its payment comes after.
    const back = await checkout(two.sessionInfo, second, 'card', VISA_OK);
    expect((await confirm(two.guid, second.merchantUid)).body).toMatchObject({
      result: 'error',
      errorType: 'DUPLICATE_PAYMENT',
    });
    expect(await listUserPlans(buyer.uid)).toHaveLength(1);
    expect(await getUserPlanHead(buyer.uid)).toMatchObject({ currentPlanId: first.merchantUid });
    expect(await getPayment(second.merchantUid)).toBeUndefined();
    await until(
      async () => ((await getOrder(second.merchantUid))?.status === 'refunded' ? true : undefined),
      'the refund',
    );
    const provider = (await sandboxState()).payments.find((payment) => payment.imp_uid === back.imp_uid);
    expect(provider?.status).toBe('cancelled');
  });

  it('is not granted while the index of plans has not caught up with the first one', async () => {
    const { buyer, two, first, second } = await firstTabGranted();
    // A global index follows the table after the write (within a second, in DynamoDB): until then a
    // query of the account's plans by time finds none. That is the moment of two tabs paying at once.
    await hideFromPlanIndex(buyer.uid, first.merchantUid);
    expect(await listUserPlans(buyer.uid)).toEqual([]);
    await checkout(two.sessionInfo, second, 'card', VISA_OK);
    expect((await confirm(two.guid, second.merchantUid)).body).toMatchObject({
      result: 'error',
      errorType: 'DUPLICATE_PAYMENT',
    });
    expect(await getUserPlanHead(buyer.uid)).toMatchObject({ currentPlanId: first.merchantUid, version: 1 });
    expect(await getPayment(second.merchantUid)).toBeUndefined();
    expect(await getUserPlan(buyer.uid, second.merchantUid)).toBeUndefined();
  });

  it('paid in several tabs at once is granted once: whichever confirmation wins, every other payment is returned', async () => {
    const buyer = await newCustomer();
    const plans = ['Y1_LIGHT_V3', 'Y1_STANDARD_V3', 'Y1_LIGHT_V3', 'Y1_STANDARD_V3'];
    const tabs = await Promise.all(
      plans.map(async (planName) => {
        const { guid, sessionInfo } = await openSession(buyer, { planName });
        return { guid, session: sessionInfo, order: await placeOrder(sessionInfo, 'card') };
      }),
    );
    const paid = await Promise.all(
      tabs.map(({ session, order }) => checkout(session, order, 'card', VISA_OK)),
    );
    // The provider's notifications of every payment race these confirmations: the product must not care.
    const answers = await Promise.all(tabs.map(({ guid, order }) => confirm(guid, order.merchantUid)));
    const results = answers.map((answer) => answer.body);
    const won = results.findIndex((result) => result.result === 'success');
    expect(won, JSON.stringify(results)).toBeGreaterThanOrEqual(0);
    expect(
      results.filter((_, index) => index !== won),
      JSON.stringify(results),
    ).toEqual(
      Array.from({ length: tabs.length - 1 }, () =>
        expect.objectContaining({ errorType: 'DUPLICATE_PAYMENT' }),
      ),
    );
    const winner = tabs[won]?.order.merchantUid;
    expect(await listUserPlans(buyer.uid)).toEqual([expect.objectContaining({ planId: winner })]);
    expect(await getUserPlanHead(buyer.uid)).toMatchObject({ currentPlanId: winner, version: 1 });
    expect(await listPaymentsByUser(buyer.uid)).toEqual([expect.objectContaining({ merchantUid: winner })]);
    const losers = tabs.filter((_, index) => index !== won).map(({ order }) => order.merchantUid);
    await until(async () => {
      const orders = await Promise.all(losers.map((merchantUid) => getOrder(merchantUid)));
      return orders.every((order) => order?.status === 'refunded') ? true : undefined;
    }, 'the refunds');
    const provider = (await sandboxState()).payments;
    expect(
      paid.map(({ imp_uid }) => provider.find((payment) => payment.imp_uid === imp_uid)?.status),
    ).toEqual(paid.map((_, index) => (index === won ? 'paid' : 'cancelled')));
  });
});

describe('an order whose coupon was lost before its payment', () => {
  it('is not granted without the coupon: the payment is returned (COUPON_USAGE_INSERT_FAILED)', async () => {
    const couponCode = await startedCoupon({ totalAmount: 1, discounts: { Y1_LIGHT_V3: 50 } });
    const late = await sessionWithCoupon(await newCustomer(), 'Y1_LIGHT_V3', couponCode);
    const order = await placeOrder(late, 'card');
    const [hold] = await listCouponRedemptions(couponCode);
    await db()
      .entities.couponRedemption.patch({ couponCode, uid: hold?.uid as string })
      .set({ heldUntil: Date.now() - 1 })
      .go();
    // Another customer takes the last coupon once the hold ran out; then the first one pays anyway.
    const other = await sessionWithCoupon(await newCustomer(), 'Y1_LIGHT_V3', couponCode);
    await placeOrder(other, 'card');
    await checkout(late, order, 'card', VISA_OK);
    expect((await confirm(late.guid, order.merchantUid)).body).toMatchObject({
      result: 'error',
      errorType: 'COUPON_USAGE_INSERT_FAILED',
    });
    await until(
      async () => ((await getOrder(order.merchantUid))?.status === 'refunded' ? true : undefined),
      'the refund',
    );
    expect((await getCoupon(couponCode))?.remainAmount).toBe(0);
  });
});

describe('an order from a session opened before the account bought a plan', () => {
  it('is refused (USER_ALREADY_SUBSCRIBED), and one from a lapsed session too (EXPIRED)', async () => {
    const buyer = await newCustomer();
    const early = await openSession(buyer, { planName: 'Y1_STANDARD_V3' });
    const { sessionInfo } = await openSession(buyer, { planName: 'Y1_LIGHT_V3' });
    const order = await placeOrder(sessionInfo, 'card');
    await checkout(sessionInfo, order, 'card', VISA_OK);
    expect((await confirm(sessionInfo.guid, order.merchantUid)).body.result).toBe('success');
    const again = await call(insertPaymentProgress, progressInput(early.sessionInfo, 'card'));
    expect(again).toMatchObject({ status: 409, body: { error: { code: 'USER_ALREADY_SUBSCRIBED' } } });

    const lapsedGuid = await lapsedSession((await newCustomer()).uid);
    const expired = await call(
      insertPaymentProgress,
      progressInput(sessionInfo, 'card', { guid: lapsedGuid }),
    );
    expect(expired).toMatchObject({ status: 410, body: { error: { code: 'EXPIRED' } } });
  });
});
