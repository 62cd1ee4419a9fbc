import { DateTime } from 'luxon';
import { describe, expect, inject, it } from 'vitest';
import { fetchHolidays } from '../../../functions/core/adapters/holidays.ts';
import { getHolidayMonth } from '../../../functions/core/data/holiday-repository.ts';
import { createRefundSession } from '../../../functions/core/data/refund-repository.ts';
import { db } from '../../../functions/core/data/service.ts';
import { getPayment, listUserPlans } from '../../../functions/core/data/user-plan-repository.ts';
import { holidaysFor } from '../../../functions/core/refunds/holidays.ts';
import { userRefundInfo as estimateForCustomer } from '../../../functions/core/refunds/user-refund.ts';
import { SANDBOX_HOLIDAY_KEY } from '../../../scripts/local/stand-ins/holidays.ts';
import { createBillingKeyPayment } from '../../../shared/api/orders.ts';
import {
  adminCancelPayment,
  adminRefundInfo,
  cancelPaymentUser,
  createUserRefund,
  userRefundInfo,
} from '../../../shared/api/refunds.ts';
import { recordUsage } from '../../../shared/api/usage.ts';
import { businessDayOf } from '../../../shared/time/business-days.ts';
import { KST_DATE, KST_ZONE } from '../../../shared/time/kst.ts';
import { type Answer, adminToken, call, uniqueId } from '../helpers.ts';
import {
  type Customer,
  checkout,
  newCustomer,
  openSession,
  placeOrder,
  sandboxState,
  subscriber,
  VISA_OK,
} from '../orders/order-helpers.ts';

const MR_STANDARD_KRW = 19900;

async function subscribe(customer: Customer): Promise<string> {
  const { sessionInfo } = await openSession(customer, { planName: 'MR_STANDARD_V3' });
  const order = await placeOrder(sessionInfo, 'card');
  await checkout(sessionInfo, order, 'card', VISA_OK);
  const paid = await call(createBillingKeyPayment, {
    guid: sessionInfo.guid,
    merchantUid: order.merchantUid,
    customerUid: order.customerUid,
  });
  expect(paid.body.result).toBe('success');
  return order.merchantUid;
}

async function refundGuid(customer: Customer): Promise<string> {
  const opened = await call(createUserRefund, {}, { token: customer.token });
  expect(opened.status).toBe(200);
  return opened.body.guid;
}

/** What a test compares of an answer: its status and its result or error code. */
function pick(answer: Answer) {
  return answer.status === 200
    ? { status: 200, body: { result: answer.body.result } }
    : { status: answer.status, body: { error: { code: answer.body.error?.code } } };
}

async function providerCancelled(merchantUid: string): Promise<number | undefined> {
  return (await sandboxState()).payments.find((payment) => payment.merchant_uid === merchantUid)
    ?.cancel_amount;
}

describe('the customer’s refund', () => {
  it('refunds the whole price within 7 days with nothing used, once, through the provider, and ends the plan', async () => {
    const customer = await newCustomer();
    const merchantUid = await subscribe(customer);
    const guid = await refundGuid(customer);
    const info = await call(userRefundInfo, { guid });
    expect(info.body.result).toMatchObject({
      planName: 'MR_STANDARD_V3',
      price: MR_STANDARD_KRW,
      currency: 'KRW',
      isFullRefund: true,
      estimatedRefundPrice: MR_STANDARD_KRW,
      isDaily: true,
      refundSource: 'portone',
      userEmail: customer.email,
    });
    const request = { guid, price: MR_STANDARD_KRW, reason: 'Not for me', refundSource: 'portone' };
    expect((await call(cancelPaymentUser, request)).body.error.code).toBe('INVALID_ARGUMENT');
    expect((await call(cancelPaymentUser, { ...request, agreed: true, price: 100 })).body.error.code).toBe(
      'INVALID_PRICE',
    );
    // Three clicks at once: the money goes back once. A click that lost the race at the provider is
    // told the refund that was made; one that came after it, that no plan is left to refund.
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => call(cancelPaymentUser, { ...request, agreed: true })),
    );
    const refunded = {
      status: 200,
      body: { result: { kind: 'refunded', amount: MR_STANDARD_KRW, refundSource: 'portone' } },
    };
    const noPlanLeft = { status: 409, body: { error: { code: 'USER_NOT_SUBSCRIBED' } } };
    for (const answer of answers) expect([refunded, noPlanLeft]).toContainEqual(pick(answer));
    expect(answers.map(pick)).toContainEqual(refunded);
    expect(await providerCancelled(merchantUid)).toBe(MR_STANDARD_KRW);
    expect(await getPayment(merchantUid)).toMatchObject({
      status: 'cancelled',
      cancelledAmount: MR_STANDARD_KRW,
    });
    const [plan] = await listUserPlans(customer.uid);
    expect(plan?.planStatus).toBe('UNSCHEDULED');
    expect(plan?.expiredAt).toBeLessThanOrEqual(Date.now());
    expect((await call(userRefundInfo, { guid })).body.error.code).toBe('USER_NOT_SUBSCRIBED');
  });

  it('answers a click that read the plan before another refund and its payment after it: no plan left, not a wrong price', async () => {
    const customer = await newCustomer();
    const merchantUid = await subscribe(customer);
    const guid = await refundGuid(customer);
    // The moment between the two reads: the other refund has moved the payment; the plan this click read
    // is still the paid one (a refund ends it in the same transaction, read separately).
    await db()
      .entities.payment.patch({ merchantUid })
      .set({ cancelledAmount: MR_STANDARD_KRW, status: 'cancelled' })
      .go();
    const [plan] = await listUserPlans(customer.uid);
    expect(plan?.planStatus).toBe('PAID');
    const answer = await call(cancelPaymentUser, {
      guid,
      price: MR_STANDARD_KRW,
      reason: 'Not for me',
      refundSource: 'portone',
      agreed: true,
    });
    expect(pick(answer)).toEqual({ status: 409, body: { error: { code: 'USER_NOT_SUBSCRIBED' } } });
    expect(await providerCancelled(merchantUid)).toBe(0);
  });

  it('keeps the allowance used and a 10% fee once the AI features were used', async () => {
    const customer = await newCustomer();
    await subscribe(customer);
    const used = await call(
      recordUsage,
      { entryId: uniqueId('entry'), usageType: 'GENIMAGE', count: 300 },
      { token: customer.token },
    );
    expect(used.body.result.success).toBe(true);
    const info = (await call(userRefundInfo, { guid: await refundGuid(customer) })).body.result;
    // STANDARD's 3,000 images: a tenth used keeps a tenth of the price, and 10% of the rest is the fee.
    const rest = MR_STANDARD_KRW - MR_STANDARD_KRW / 10;
    expect(info).toMatchObject({ isFullRefund: false, estimatedRefundPrice: rest - Math.floor(rest / 10) });
  });

  it('refunds a wallet subscription through the wallet, which is told the rest after the refund', async () => {
    const customer = await subscriber('MR_LIGHT_V3', 'naver_pay');
    const guid = await refundGuid(customer);
    const info = (await call(userRefundInfo, { guid })).body.result;
    expect(info).toMatchObject({ refundSource: 'naver_pay', isFullRefund: true, estimatedRefundPrice: 9900 });
    const refunded = await call(cancelPaymentUser, {
      guid,
      price: 9900,
      reason: 'Not for me',
      refundSource: 'naver_pay',
      agreed: true,
    });
    expect(refunded.body.result).toEqual({ kind: 'refunded', amount: 9900, refundSource: 'naver_pay' });
    const [plan] = await listUserPlans(customer.uid);
    const wallet = (await sandboxState()).walletPayments.find(
      (payment) => payment.merchantPayId === plan?.planId,
    );
    expect(wallet?.restAmount).toBe(0);
    expect(plan?.planStatus).toBe('UNSCHEDULED');
  });

  it('counts the days used to the day it is asked (KST), even an evening or a weekend day', async () => {
    const customer = await newCustomer();
    await subscribe(customer);
    const guid = await refundGuid(customer);
    const { paidAt } = (await call(userRefundInfo, { guid })).body.result as { paidAt: number };
    // Minutes after the payment, on its own KST day, at an hour whose business day is a later day:
    // the same evening after 19:00 on a weekday, at once on a weekend.
    const paid = DateTime.fromMillis(paidAt, { zone: KST_ZONE });
    const evening = paid.set({ hour: 19, minute: 30 });
    const askedAt = paid.weekday <= 5 && paid < evening ? evening : paid.plus({ seconds: 1 });
    expect(askedAt.hasSame(paid, 'day')).toBe(true);
    expect(businessDayOf(askedAt.toMillis(), new Set())).not.toBe(paid.toFormat(KST_DATE));

    const offset = process.env.TEST_CLOCK_OFFSET_MS;
    process.env.TEST_CLOCK_OFFSET_MS = String(askedAt.toMillis() - Date.now());
    try {
      // The page's estimate, as the route computes it at that moment (this process's clock).
      const estimate = await estimateForCustomer(guid);
      expect(estimate).toMatchObject({ isDaily: true, usedPeriod: 1, isFullRefund: true });
    } finally {
      if (offset === undefined) delete process.env.TEST_CLOCK_OFFSET_MS;
      else process.env.TEST_CLOCK_OFFSET_MS = offset;
    }
  });

  it('answers a lapsed session with the expired error', async () => {
    const customer = await newCustomer();
    const guid = uniqueId('refund-session-lapsed-000000000');
    await createRefundSession({ guid, uid: customer.uid, created: 0, expiresAt: Date.now() - 1, ttl: 0 });
    const answer = await call(userRefundInfo, { guid });
    expect(answer.status).toBe(410);
    expect(answer.body.error.code).toBe('EXPIRED');
  });
});

describe('the operator’s refund', () => {
  it('estimates on the business day, refunds a part through the provider, and unsubscribes for zero', async () => {
    const customer = await newCustomer();
    const merchantUid = await subscribe(customer);
    const token = await adminToken();
    const friday8pm = Date.parse('2026-12-04T20:00:00+09:00');
    const counted = await call(adminRefundInfo, { uid: customer.uid, requestedMs: friday8pm }, { token });
    const asIs = await call(
      adminRefundInfo,
      { uid: customer.uid, requestedMs: friday8pm, businessDay: false },
      { token },
    );
    // After 19:00 on a Friday the request counts on Monday: three more days used.
    expect(counted.body.result.usedPeriod - asIs.body.result.usedPeriod).toBe(3);
    expect((await getHolidayMonth('2026-12'))?.dates).toContain('2026-12-25');

    const zero = await call(
      adminCancelPayment,
      { uid: customer.uid, price: 0, reason: 'Asked to stop renewing', refundSource: 'portone' },
      { token },
    );
    expect(zero.body.result).toEqual({ kind: 'unsubscribed' });
    expect((await listUserPlans(customer.uid))[0]?.planStatus).toBe('UNSCHEDULED');

    const tooMuch = await call(
      adminCancelPayment,
      { uid: customer.uid, price: MR_STANDARD_KRW + 1, reason: 'x', refundSource: 'portone' },
      { token },
    );
    expect(tooMuch.status).toBe(400);
    const part = await call(
      adminCancelPayment,
      { uid: customer.uid, price: 5000, reason: 'Goodwill', refundSource: 'portone' },
      { token },
    );
    expect(part.body.result).toEqual({ kind: 'refunded', amount: 5000, refundSource: 'portone' });
    expect(await providerCancelled(merchantUid)).toBe(5000);
    expect(await getPayment(merchantUid)).toMatchObject({
      status: 'partial_cancelled',
      cancelledAmount: 5000,
    });
  });
});

describe('refunds racing each other', () => {
  it('two operators refunding the same plan at once: one refund, the other told of it, never an internal error', async () => {
    const customer = await newCustomer();
    const merchantUid = await subscribe(customer);
    const token = await adminToken();
    const request = {
      uid: customer.uid,
      price: MR_STANDARD_KRW,
      reason: 'Double click',
      refundSource: 'portone',
    };
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => call(adminCancelPayment, request, { token })),
    );
    const refunded = {
      status: 200,
      body: { result: { kind: 'refunded', amount: MR_STANDARD_KRW, refundSource: 'portone' } },
    };
    // Lost at the provider: another refund was made meanwhile; came after it: no plan left to refund.
    const refusals = [
      { status: 409, body: { error: { code: 'conflict' } } },
      { status: 404, body: { error: { code: 'not_found' } } },
    ];
    const picked = answers.map(pick);
    expect(picked.filter((answer) => answer.status === 200)).toEqual([refunded]);
    for (const answer of picked.filter((one) => one.status !== 200)) expect(refusals).toContainEqual(answer);
    expect(await providerCancelled(merchantUid)).toBe(MR_STANDARD_KRW);
    expect(await getPayment(merchantUid)).toMatchObject({ cancelledAmount: MR_STANDARD_KRW });
  });
});

describe('the public holidays', () => {
  it('come from the holiday service once and are kept; a failing service counts as no holidays', async () => {
    process.env.HOLIDAY_API_URL = `${inject('apiUrl')}/_local/holidays`;
    process.env.HOLIDAY_API_KEY = SANDBOX_HOLIDAY_KEY;
    const holidays = await holidaysFor(Date.parse('2027-09-10T12:00:00+09:00'));
    expect([...holidays]).toEqual(
      expect.arrayContaining(['2027-09-14', '2027-09-15', '2027-09-16', '2027-10-04']),
    );
    expect((await getHolidayMonth('2027-10'))?.dates).toContain('2027-10-09');

    process.env.HOLIDAY_API_URL = 'http://127.0.0.1:9';
    expect((await holidaysFor(Date.parse('2031-05-10T12:00:00+09:00'))).size).toBe(0);
    expect(await getHolidayMonth('2031-05')).toBeUndefined();
    // A month already kept is answered from the table without the service.
    expect(await holidaysFor(Date.parse('2027-09-10T12:00:00+09:00'))).toEqual(holidays);
  });

  it('take the "Decoding" service key, encoded once on the way; the "Encoding" variant is an unknown key', async () => {
    process.env.HOLIDAY_API_URL = `${inject('apiUrl')}/_local/holidays`;
    process.env.HOLIDAY_API_KEY = SANDBOX_HOLIDAY_KEY;
    expect(await fetchHolidays('2027-10')).toContain('2027-10-09');
    process.env.HOLIDAY_API_KEY = encodeURIComponent(SANDBOX_HOLIDAY_KEY);
    await expect(fetchHolidays('2027-10')).rejects.toThrow('SERVICE_KEY_IS_NOT_REGISTERED_ERROR');
  });
});
