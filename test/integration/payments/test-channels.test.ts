import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  findPaymentByMerchantUid,
  getPayment,
  PaymentProviderError,
  payWithBillingKey,
} from '../../../functions/core/adapters/payment-provider/portone.ts';
import { getOrder } from '../../../functions/core/data/order-reads.ts';
import { confirmOrder } from '../../../functions/core/orders/confirmation.ts';
import type { RequestPayParams } from '../../../shared/payments/checkout-contract.ts';
import { newCustomerUid, newMerchantUid } from '../../../shared/payments/merchant-uid.ts';
import { RELEASE_STAGE } from '../../../shared/payments/payment-progress.ts';
import { newCustomer, openSession, placeOrder } from '../orders/order-helpers.ts';
import { checkoutInBrowser, type Harness, startHarness } from './sandbox-harness.ts';

/**
 * Test channels (PortOne's V1 OpenAPI schema: Payment.sandbox, GET /payments/{imp_uid} include_sandbox):
 * a payment made on one is marked and left out of the lookup by imp_uid unless asked; every level but
 * release pays on test channels and asks for them; the release level never confirms an order by one,
 * whichever lookup found it.
 */
let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.stop();
});
afterEach(async () => {
  delete process.env.STAGE;
  await channels(true);
});

const channels = (test: boolean) =>
  fetch(`${harness.pagesUrl}/_local/payments/channels`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ test: String(test) }),
  });

function params(overrides: Partial<RequestPayParams> = {}): RequestPayParams {
  return {
    pg: 'html5_inicis',
    pay_method: 'card',
    merchant_uid: newMerchantUid('order'),
    name: 'LIGHT 1 year',
    amount: 99000,
    currency: 'KRW',
    buyer_name: '김하늘',
    buyer_email: 'sky@example.com',
    m_redirect_url: 'http://localhost:3000/ko/payment/result/pending?guid=g1',
    ...overrides,
  };
}

async function pay(request: RequestPayParams): Promise<string> {
  const { returned } = await checkoutInBrowser(harness.pagesUrl, request, { choice: '4242424242424242' });
  return returned.searchParams.get('imp_uid') as string;
}

describe('a payment on a test channel', () => {
  it('is marked sandbox, and found by every lookup off the release level', async () => {
    const request = params();
    const impUid = await pay(request);
    const byId = await getPayment(impUid);
    expect(byId).toMatchObject({ status: 'paid', sandbox: true });
    expect((await findPaymentByMerchantUid(request.merchant_uid))?.impUid).toBe(impUid);
  });

  it('is no payment at release, by imp_uid or by merchant_uid; a live channel’s is', async () => {
    const test = params();
    const testImpUid = await pay(test);
    await channels(false);
    const live = params();
    const liveImpUid = await pay(live);

    process.env.STAGE = RELEASE_STAGE;
    expect(await getPayment(testImpUid)).toBeNull();
    expect(await findPaymentByMerchantUid(test.merchant_uid)).toBeNull();
    expect(await getPayment(liveImpUid)).toMatchObject({ status: 'paid', sandbox: false });
    expect((await findPaymentByMerchantUid(live.merchant_uid))?.impUid).toBe(liveImpUid);
  });

  it('never confirms a release order: the order stays unpaid and nothing is granted', async () => {
    const buyer = await newCustomer();
    const { sessionInfo } = await openSession(buyer, { planName: 'Y1_LIGHT_V3' });
    const order = await placeOrder(sessionInfo, 'card');
    await pay(params({ merchant_uid: order.checkoutMerchantUid, amount: order.amount }));
    const placed = await getOrder(order.merchantUid);
    if (!placed) throw new Error('no order');

    process.env.STAGE = RELEASE_STAGE;
    expect(await confirmOrder(placed)).toEqual({ result: 'pending' });
    expect((await getOrder(order.merchantUid))?.status).toBe('created');
  });

  it('charged on a billing key issued on a test channel, is refused at release', async () => {
    const customerUid = newCustomerUid();
    await checkoutInBrowser(harness.pagesUrl, params({ customer_uid: customerUid, amount: 0 }), {
      choice: '4242424242424242',
    });
    process.env.STAGE = RELEASE_STAGE;
    const charge = payWithBillingKey({
      customerUid,
      merchantUid: newMerchantUid('renewal'),
      amount: 9900,
      currency: 'KRW',
      name: 'LIGHT monthly',
    });
    await expect(charge).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(charge).rejects.toMatchObject({ providerCode: 0 });
  });
});
