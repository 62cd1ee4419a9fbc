import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../../functions/core/data/service.ts';
import { getUserPlanHead, listUserPlans } from '../../../functions/core/data/user-plan-repository.ts';
import {
  adminCreateCoupon,
  adminCreateCouponDiscountInfo,
  adminDeleteCouponBonusQuota,
  adminDeleteCouponDiscountInfo,
  adminGetCoupon,
  adminGetCouponBonusQuotas,
  adminGetCouponDiscountInfos,
  adminGetCouponList,
  adminGetCouponUsageInfos,
  adminUpdateCoupon,
  adminUpdateCouponDiscountInfo,
  adminUpsertCouponBonusQuota,
} from '../../../shared/api/coupons.ts';
import {
  changePaymentSessionPlan,
  checkValidCoupon,
  createBillingKeyPayment,
  getPaymentSessionInfo,
  insertPaymentProgress,
  registerPaymentSessionCoupon,
  removePaymentSessionCoupon,
} from '../../../shared/api/orders.ts';
import { randomCouponCode } from '../../../shared/coupons/coupon-rules.ts';
import { adminToken, call } from '../helpers.ts';
import { moveCouponWindow, startedCoupon } from './coupon-helpers.ts';
import {
  checkout,
  confirm,
  newCustomer,
  openSession,
  placeOrder,
  progressInput,
  sessionWithCoupon,
  VISA_OK,
} from './order-helpers.ts';

let token: string;
beforeAll(async () => {
  token = await adminToken();
});

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString();
const admin = (route: Parameters<typeof call>[0], input: Record<string, unknown>) =>
  call(route, input, { token });

describe('the console’s coupon calls', () => {
  it('create, read, list and edit a coupon', async () => {
    const couponCode = randomCouponCode();
    const created = await admin(adminCreateCoupon, {
      couponCode,
      name: 'Launch',
      totalAmount: 50,
      startedAt: inAnHour(),
      expiredAt: inAMonth(),
      description: 'For the launch mail',
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      couponCode,
      totalAmount: 50,
      remainAmount: 50,
      name: 'Launch',
    });
    expect((await admin(adminGetCoupon, { couponCode: couponCode.toLowerCase() })).body.data.couponCode).toBe(
      couponCode,
    );
    const list = await admin(adminGetCouponList, { search: couponCode });
    expect(list.body.data.map((coupon: { couponCode: string }) => coupon.couponCode)).toContain(couponCode);
    const edited = await admin(adminUpdateCoupon, {
      couponCode,
      name: 'Launch week',
      totalAmount: 80,
      startedAt: created.body.data.startedAt,
      expiredAt: created.body.data.expiredAt,
    });
    expect(edited.body.data).toMatchObject({ name: 'Launch week', totalAmount: 80, remainAmount: 80 });
    const duplicate = await admin(adminCreateCoupon, {
      couponCode,
      name: 'Again',
      totalAmount: 1,
      startedAt: inAnHour(),
      expiredAt: inAMonth(),
    });
    expect(duplicate).toMatchObject({ status: 409, body: { error: { code: 'conflict' } } });
  });

  it('validate a new coupon with the console’s messages', async () => {
    const base = { couponCode: randomCouponCode(), name: 'X', startedAt: inAnHour(), expiredAt: inAMonth() };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, totalAmount: 0 }, 'Total amount must be greater than 0'],
      [
        { ...base, totalAmount: 5, startedAt: new Date(Date.now() - 1000).toISOString() },
        'Start date must be in the future',
      ],
      [{ ...base, totalAmount: 5, expiredAt: base.startedAt }, 'Start date must be before expired date'],
      [{ ...base, totalAmount: 5, couponCode: 'short' }, 'Coupon code must be 10 capital letters or digits'],
    ];
    for (const [input, message] of cases) {
      expect(await admin(adminCreateCoupon, input)).toMatchObject({
        status: 400,
        body: { error: { code: 'invalid_argument', msg: message } },
      });
    }
  });

  it('recompute a discount’s prices when its rate is edited, and the order charges them', async () => {
    const couponCode = await startedCoupon({ discounts: { MR_STANDARD_V3: 20 } });
    const edited = await admin(adminUpdateCouponDiscountInfo, {
      couponCode,
      planName: 'MR_STANDARD_V3',
      rate: 25,
    });
    // 19900, 2200 and 17.99 times 0.75, floored to each currency (admin console section 7).
    const row = {
      couponCode,
      planName: 'MR_STANDARD_V3',
      rate: 25,
      priceKo: 14925,
      priceJa: 1650,
      priceEn: 13.49,
    };
    expect(edited.body.data).toEqual(row);
    expect((await admin(adminGetCouponDiscountInfos, { couponCode })).body.data).toEqual([row]);
    const sessionInfo = await sessionWithCoupon(await newCustomer(), 'MR_STANDARD_V3', couponCode);
    expect(sessionInfo.price).toMatchObject({
      finalPrice: 14925,
      discountRate: 25,
      discountSource: 'coupon',
    });
    expect((await placeOrder(sessionInfo, 'card')).amount).toBe(14925);
  });

  it('keep a started coupon’s start and add no rows after the start', async () => {
    const couponCode = await startedCoupon({ totalAmount: 3 });
    const current = (await admin(adminGetCoupon, { couponCode })).body.data;
    const moved = await admin(adminUpdateCoupon, { ...current, startedAt: inAnHour() });
    expect(moved.body.error.msg).toBe('The start date cannot be changed after the coupon has started');
    expect((await admin(adminUpdateCoupon, { ...current, totalAmount: -1 })).body.error.msg).toBe(
      'Total amount must be at least 0',
    );
    const late = await admin(adminCreateCouponDiscountInfo, {
      couponCode,
      planName: 'MR_LIGHT_V3',
      rate: 10,
    });
    expect(late.body.error.msg).toBe('Rows can only be added before the coupon starts');
    const { sessionInfo } = await openSession(await newCustomer(), { planName: 'MR_LIGHT_V3' });
    const taken = await call(registerPaymentSessionCoupon, {
      guid: sessionInfo.guid,
      code: couponCode,
      planName: 'MR_LIGHT_V3',
    });
    expect(taken.body.error.coupon).toEqual({ reason: 'invalid_plan', validPlans: [] });
  });

  it('never bring the total under the coupons already taken', async () => {
    const couponCode = await startedCoupon({ totalAmount: 3, discounts: { MR_LIGHT_V3: 10 } });
    const sessionInfo = await sessionWithCoupon(await newCustomer(), 'MR_LIGHT_V3', couponCode);
    await placeOrder(sessionInfo, 'card');
    const current = (await admin(adminGetCoupon, { couponCode })).body.data;
    expect(current).toMatchObject({ totalAmount: 3, remainAmount: 2 });
    expect((await admin(adminUpdateCoupon, { ...current, totalAmount: 0 })).body.error.msg).toBe(
      'Total amount cannot be less than the 1 already taken',
    );
    const fewer = await admin(adminUpdateCoupon, { ...current, totalAmount: 1 });
    expect(fewer.body.data).toMatchObject({ totalAmount: 1, remainAmount: 0 });
  });

  it('compute a discount’s three prices from its rate, floored, and change or remove it', async () => {
    const couponCode = randomCouponCode();
    await admin(adminCreateCoupon, {
      couponCode,
      name: 'D',
      totalAmount: 5,
      startedAt: inAnHour(),
      expiredAt: inAMonth(),
    });
    const created = await admin(adminCreateCouponDiscountInfo, {
      couponCode,
      planName: 'MR_LIGHT_V3',
      rate: 33,
    });
    expect(created.body.data).toEqual({
      couponCode,
      planName: 'MR_LIGHT_V3',
      rate: 33,
      priceKo: 6633,
      priceJa: 737,
      priceEn: 6.02,
    });
    const updated = await admin(adminUpdateCouponDiscountInfo, {
      couponCode,
      planName: 'MR_LIGHT_V3',
      rate: 50,
    });
    expect(updated.body.data).toMatchObject({ priceKo: 4950, priceEn: 4.49 });
    const again = await admin(adminCreateCouponDiscountInfo, {
      couponCode,
      planName: 'MR_LIGHT_V3',
      rate: 5,
    });
    expect(again.body.error.code).toBe('conflict');
    for (const [planName, message] of [
      ['MR_BUSINESS_V3', 'Discounts are for LIGHT and STANDARD plans, monthly, annual or one-year'],
      ['Y3_LIGHT', 'Discounts are for LIGHT and STANDARD plans, monthly, annual or one-year'],
      ['NO_SUCH_PLAN', 'Unknown plan NO_SUCH_PLAN'],
    ]) {
      expect(
        (await admin(adminCreateCouponDiscountInfo, { couponCode, planName, rate: 10 })).body.error.msg,
      ).toBe(message);
    }
    expect((await admin(adminGetCouponDiscountInfos, { couponCode })).body.data).toHaveLength(1);
    expect(
      (await admin(adminDeleteCouponDiscountInfo, { couponCode, planName: 'MR_LIGHT_V3' })).body,
    ).toEqual({
      result: 'success',
    });
    expect((await admin(adminGetCouponDiscountInfos, { couponCode })).body.data).toEqual([]);
    expect(
      (await admin(adminDeleteCouponDiscountInfo, { couponCode, planName: 'MR_LIGHT_V3' })).body.error.code,
    ).toBe('not_found');
    expect((await admin(adminGetCouponDiscountInfos, { couponCode: 'NOSUCHCODE' })).body.error.msg).toBe(
      'Cannot find coupon code',
    );
  });

  it('set bonus quotas: given, or the calculated share (Light 50%, Standard 20%), never for others', async () => {
    const couponCode = randomCouponCode();
    await admin(adminCreateCoupon, {
      couponCode,
      name: 'B',
      totalAmount: 5,
      startedAt: inAnHour(),
      expiredAt: inAMonth(),
    });
    const light = await admin(adminUpsertCouponBonusQuota, { couponCode, planName: 'MR_LIGHT_V3' });
    expect(light.body.data.quota).toEqual({ STT: 300 * 60, TTS: 75_000, TRANSLATE: 225_000, GENIMAGE: 750 });
    const standard = await admin(adminUpsertCouponBonusQuota, { couponCode, planName: 'YR_STANDARD_V3' });
    expect(standard.body.data.quota).toEqual({
      STT: 360 * 60,
      TTS: 60_000,
      TRANSLATE: 180_000,
      GENIMAGE: 600,
    });
    const given = await admin(adminUpsertCouponBonusQuota, {
      couponCode,
      planName: 'MR_LIGHT_V3',
      quota: { STT: 600, GENIMAGE: 10 },
    });
    expect(given.body.data.quota).toEqual({ STT: 600, GENIMAGE: 10 });
    const unknown = await admin(adminUpsertCouponBonusQuota, {
      couponCode,
      planName: 'MR_LIGHT_V3',
      quota: { STORAGE: 1 },
    });
    expect(unknown.body.error.msg).toBe('Invalid feature type');
    const business = await admin(adminUpsertCouponBonusQuota, { couponCode, planName: 'MR_BUSINESS_V3' });
    expect(business.body.error.msg).toBe('Bonus quotas are for LIGHT and STANDARD monthly and annual plans');
    const term = await admin(adminUpsertCouponBonusQuota, { couponCode, planName: 'Y1_LIGHT_V3' });
    expect(term.body.error.code).toBe('invalid_argument');
    expect((await admin(adminGetCouponBonusQuotas, { couponCode })).body.data).toHaveLength(2);
    await admin(adminDeleteCouponBonusQuota, { couponCode, planName: 'MR_LIGHT_V3' });
    expect((await admin(adminGetCouponBonusQuotas, { couponCode })).body.data).toHaveLength(1);
  });
});

describe('a coupon on an order', () => {
  it('discounts the plan, holds a coupon for the order, and becomes a usage record once paid', async () => {
    const couponCode = await startedCoupon({
      totalAmount: 5,
      discounts: { MR_LIGHT_V3: 30, Y1_LIGHT_V3: 20 },
    });
    const buyer = await newCustomer();
    const { sessionInfo } = await openSession(buyer, { planName: 'Y1_LIGHT_V3' });
    const checked = await call(checkValidCoupon, {
      guid: sessionInfo.guid,
      couponCode,
      planName: 'Y1_LIGHT_V3',
    });
    expect(checked.body).toMatchObject({
      valid: true,
      couponInfo: { validPlans: ['MR_LIGHT_V3', 'Y1_LIGHT_V3'] },
    });
    const registered = await call(registerPaymentSessionCoupon, {
      guid: sessionInfo.guid,
      code: couponCode.toLowerCase(),
      planName: 'Y1_LIGHT_V3',
    });
    const withCoupon = registered.body.sessionInfo;
    expect(withCoupon.price).toMatchObject({
      listPrice: 118800,
      finalPrice: 95040,
      discountRate: 20,
      discountSource: 'coupon',
    });
    const order = await placeOrder(withCoupon, 'card');
    expect(order.amount).toBe(95040);
    expect((await admin(adminGetCoupon, { couponCode })).body.data.remainAmount).toBe(4);
    await checkout(withCoupon, order, 'card', VISA_OK);
    expect((await confirm(sessionInfo.guid, order.merchantUid)).body.result).toBe('success');
    const usages = (await admin(adminGetCouponUsageInfos, { couponCode })).body.data;
    expect(usages).toEqual([
      expect.objectContaining({
        uid: buyer.uid,
        merchantUid: order.merchantUid,
        planName: 'Y1_LIGHT_V3',
        price: 95040,
        currency: 'KRW',
        status: 'used',
      }),
    ]);
    expect((await admin(adminGetCoupon, { couponCode })).body.data.remainAmount).toBe(4);
  });

  it('adds its bonus quota to the plan’s limits', async () => {
    const couponCode = await startedCoupon({ bonusQuotas: ['MR_STANDARD_V3'] });
    const buyer = await newCustomer();
    const sessionInfo = await sessionWithCoupon(buyer, 'MR_STANDARD_V3', couponCode);
    expect(sessionInfo.bonusQuota).toEqual({
      STT: 21600,
      TTS: 60000,
      TRANSLATE: 180000,
      GENIMAGE: 600,
    });
    expect(sessionInfo.price.finalPrice).toBe(19900);
    const order = await placeOrder(sessionInfo, 'card');
    await checkout(sessionInfo, order, 'card', VISA_OK);
    await call(createBillingKeyPayment, {
      guid: sessionInfo.guid,
      merchantUid: order.merchantUid,
      customerUid: order.customerUid,
    });
    const [plan] = await listUserPlans(buyer.uid);
    expect(plan).toMatchObject({
      sttLimit: 108000 + 21600,
      ttsLimit: 300000 + 60000,
      translateLimit: 900000 + 180000,
      genimageLimit: 3000 + 600,
      couponCode,
    });
  });

  it('is refused with the reason the coupon box shows', async () => {
    const buyer = await newCustomer();
    const { sessionInfo } = await openSession(buyer, { planName: 'MR_STANDARD_V3' });
    const check = (couponCode: string, planName = 'MR_STANDARD_V3') =>
      call(checkValidCoupon, { guid: sessionInfo.guid, couponCode, planName });

    expect((await check('NOSUCHCODE')).body.error).toMatchObject({
      code: 'INVALID_COUPON_CODE',
      coupon: { reason: 'not_found' },
    });
    const later = randomCouponCode();
    const startedAt = new Date(Date.now() + 3_600_000);
    await admin(adminCreateCoupon, {
      couponCode: later,
      name: 'Later',
      totalAmount: 1,
      startedAt: startedAt.toISOString(),
      expiredAt: inAMonth(),
    });
    expect((await check(later)).body.error.coupon).toMatchObject({
      reason: 'not_started',
      startedAt: startedAt.getTime(),
    });
    const expired = await startedCoupon({ discounts: { MR_STANDARD_V3: 10 } });
    await moveCouponWindow(expired, { expiredAt: Date.now() - 1000 });
    expect((await check(expired)).body.error.coupon).toMatchObject({
      reason: 'expired',
      expiredAt: expect.any(Number),
    });

    const lightOnly = await startedCoupon({ discounts: { MR_LIGHT_V3: 10, YR_LIGHT_V3: 10 } });
    const invalidPlan = await check(lightOnly);
    expect(invalidPlan).toMatchObject({ status: 422, body: { error: { code: 'INVALID_COUPON_CODE' } } });
    expect(invalidPlan.body.error.coupon).toEqual({
      reason: 'invalid_plan',
      validPlans: ['MR_LIGHT_V3', 'YR_LIGHT_V3'],
    });
    const register = await call(registerPaymentSessionCoupon, {
      guid: sessionInfo.guid,
      code: lightOnly,
      planName: 'MR_STANDARD_V3',
    });
    expect(register.body.error.coupon.reason).toBe('invalid_plan');

    const none = await startedCoupon({ totalAmount: 1, discounts: { MR_STANDARD_V3: 10 } });
    await placeOrder(await sessionWithCoupon(await newCustomer(), 'MR_STANDARD_V3', none), 'card');
    expect((await check(none)).body.error.coupon.reason).toBe('exhausted');
  });

  it('is used once per account', async () => {
    const couponCode = await startedCoupon({ discounts: { Y1_LIGHT_V3: 10, Y1_STANDARD_V3: 10 } });
    const buyer = await newCustomer();
    const sessionInfo = await sessionWithCoupon(buyer, 'Y1_LIGHT_V3', couponCode);
    const order = await placeOrder(sessionInfo, 'card');
    await checkout(sessionInfo, order, 'card', VISA_OK);
    await confirm(sessionInfo.guid, order.merchantUid);
    expect(await getUserPlanHead(buyer.uid)).toMatchObject({ currentPlanId: order.merchantUid, version: 1 });
    // The pass ended (its plan expired); the same account comes back for the coupon.
    await db()
      .entities.userPlan.patch({ uid: buyer.uid, planId: order.merchantUid })
      .set({ expiredAt: Date.now() - 1 })
      .go();
    const next = await openSession(buyer, { planName: 'Y1_STANDARD_V3' });
    const again = await call(checkValidCoupon, { guid: next.guid, couponCode, planName: 'Y1_STANDARD_V3' });
    expect(again.body.error.coupon.reason).toBe('already_used');
  });

  it('is removed on request, and dropped when the plan changes to one it does not cover', async () => {
    const couponCode = await startedCoupon({ discounts: { MR_LIGHT_V3: 10 } });
    const { sessionInfo } = await openSession(await newCustomer(), { planName: 'MR_LIGHT_V3' });
    const guid = sessionInfo.guid;
    await call(registerPaymentSessionCoupon, { guid, code: couponCode, planName: 'MR_LIGHT_V3' });
    const removed = await call(removePaymentSessionCoupon, { guid });
    expect(removed.body.sessionInfo.couponInfo).toBeUndefined();
    expect(removed.body.sessionInfo.price.finalPrice).toBe(9900);
    await call(registerPaymentSessionCoupon, { guid, code: couponCode, planName: 'MR_LIGHT_V3' });
    const changed = await call(changePaymentSessionPlan, { guid, planName: 'MR_STANDARD_V3' });
    expect(changed.body.sessionInfo.couponInfo).toBeUndefined();
    expect((await call(getPaymentSessionInfo, { guid })).body.sessionInfo.couponInfo).toBeUndefined();
  });

  it('must be the session’s: an order claiming another coupon is inconsistent', async () => {
    const couponCode = await startedCoupon({ discounts: { MR_LIGHT_V3: 10 } });
    const { sessionInfo } = await openSession(await newCustomer(), { planName: 'MR_LIGHT_V3' });
    const answer = await call(insertPaymentProgress, progressInput(sessionInfo, 'card', { couponCode }));
    expect(answer).toMatchObject({ status: 409, body: { error: { code: 'INCONSISTENCY' } } });
  });
});
