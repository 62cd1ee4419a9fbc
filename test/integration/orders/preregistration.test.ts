import { beforeAll, describe, expect, it } from 'vitest';
import { getOrder } from '../../../functions/core/data/order-reads.ts';
import { getPreregistration } from '../../../functions/core/data/preregistration-repository.ts';
import { adminUserPreregistration } from '../../../shared/api/users.ts';
import { adminToken, call } from '../helpers.ts';
import { startedCoupon } from './coupon-helpers.ts';
import {
  type Customer,
  checkout,
  confirm,
  newCustomer,
  openSession,
  placeOrder,
  sessionWithCoupon,
  until,
  VISA_OK,
} from './order-helpers.ts';

let token: string;
beforeAll(async () => {
  token = await adminToken();
});

/** An operator's preregistration coupon for the customer (admin-console.md section 4). */
async function preregister(customer: Customer, discountPercent: number): Promise<void> {
  const answer = await call(
    adminUserPreregistration,
    { uid: customer.uid, operation: 'create', desc: 'Joined the waiting list', discountPercent },
    { token },
  );
  expect(answer.status).toBe(200);
}

describe('a preregistration coupon on an order', () => {
  it('discounts a new order of a built-in plan and is used by its payment, and only then', async () => {
    const buyer = await newCustomer();
    await preregister(buyer, 30);
    const { sessionInfo } = await openSession(buyer, { planName: 'Y1_LIGHT_V3' });
    expect(sessionInfo.preregisteredPercent).toBe(30);
    expect(sessionInfo.price).toMatchObject({
      listPrice: 118800,
      finalPrice: 83160,
      discountRate: 30,
      discountSource: 'preregistration',
    });
    const order = await placeOrder(sessionInfo, 'card');
    expect(order.amount).toBe(83160);
    expect((await getPreregistration(buyer.uid))?.used).toBeUndefined();
    await checkout(sessionInfo, order, 'card', VISA_OK);
    expect((await confirm(sessionInfo.guid, order.merchantUid)).body.result).toBe('success');
    expect((await getPreregistration(buyer.uid))?.used).toEqual(expect.any(Number));
  });

  it('discounts a subscription’s first period only: it renews at the plan’s price', async () => {
    const buyer = await newCustomer();
    await preregister(buyer, 30);
    const { sessionInfo } = await openSession(buyer, { planName: 'MR_LIGHT_V3' });
    expect(sessionInfo.price).toMatchObject({ listPrice: 9900, finalPrice: 6930 });
    const order = await placeOrder(sessionInfo, 'card');
    expect(await getOrder(order.merchantUid)).toMatchObject({
      finalPrice: 6930,
      renewalPrice: 9900,
      preregistrationPercent: 30,
    });
  });

  it('is an alternative to a coupon, not a layer: the lower price wins and the other stays unused', async () => {
    const couponCode = await startedCoupon({ discounts: { Y1_LIGHT_V3: 40 } });
    const buyer = await newCustomer();
    await preregister(buyer, 30);
    const sessionInfo = await sessionWithCoupon(buyer, 'Y1_LIGHT_V3', couponCode);
    expect(sessionInfo.price).toMatchObject({ finalPrice: 71280, discountSource: 'coupon' });
    const order = await placeOrder(sessionInfo, 'card');
    await checkout(sessionInfo, order, 'card', VISA_OK);
    expect((await confirm(sessionInfo.guid, order.merchantUid)).body.result).toBe('success');
    expect((await getPreregistration(buyer.uid))?.used).toBeUndefined();
  });

  it('gives nothing once used; an operator’s reset gives it back', async () => {
    const buyer = await newCustomer();
    await preregister(buyer, 30);
    const use = { uid: buyer.uid, operation: 'use', desc: 'Taken on a direct deposit' } as const;
    expect((await call(adminUserPreregistration, use, { token })).status).toBe(200);
    const used = await openSession(buyer, { planName: 'Y1_LIGHT_V3' });
    expect(used.sessionInfo.preregisteredPercent).toBeUndefined();
    expect(used.sessionInfo.price).toMatchObject({ finalPrice: 118800, discountSource: 'none' });
    const reset = { uid: buyer.uid, operation: 'reset', desc: 'Given back' } as const;
    expect((await call(adminUserPreregistration, reset, { token })).status).toBe(200);
    const again = await openSession(buyer, { planName: 'Y1_LIGHT_V3' });
    expect(again.sessionInfo.price).toMatchObject({ finalPrice: 83160, discountSource: 'preregistration' });
  });

  it('returns a payment whose discount was used meanwhile (COUPON_USAGE_INSERT_FAILED)', async () => {
    const buyer = await newCustomer();
    await preregister(buyer, 30);
    const { sessionInfo } = await openSession(buyer, { planName: 'Y1_LIGHT_V3' });
    const order = await placeOrder(sessionInfo, 'card');
    const use = { uid: buyer.uid, operation: 'use', desc: 'Used elsewhere' } as const;
    expect((await call(adminUserPreregistration, use, { token })).status).toBe(200);
    await checkout(sessionInfo, order, 'card', VISA_OK);
    expect((await confirm(sessionInfo.guid, order.merchantUid)).body).toMatchObject({
      result: 'error',
      errorType: 'COUPON_USAGE_INSERT_FAILED',
    });
    await until(
      async () => ((await getOrder(order.merchantUid))?.status === 'refunded' ? true : undefined),
      'the refund',
    );
  });
});
