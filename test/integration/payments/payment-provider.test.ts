import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cancelPayment,
  deleteBillingKey,
  findPaymentByMerchantUid,
  getBillingKey,
  getPayment,
  issueBillingKey,
  PaymentProviderError,
  payWithBillingKey,
} from '../../../functions/core/adapters/payment-provider/portone.ts';
import { classifyPaymentFailure, PAYMENT_ABANDONED_MARKER } from '../../../shared/payments/card-failures.ts';
import { CheckoutReturnSchema, type RequestPayParams } from '../../../shared/payments/checkout-contract.ts';
import { newCustomerUid, newMerchantUid } from '../../../shared/payments/merchant-uid.ts';
import { checkoutInBrowser, eventually, type Harness, startHarness } from './sandbox-harness.ts';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.stop();
});

const RESULT_PAGE = 'http://localhost:3000/ko/payment/result/pending?guid=g1';

function order(overrides: Partial<RequestPayParams> = {}): RequestPayParams {
  return {
    pg: 'html5_inicis',
    pay_method: 'card',
    merchant_uid: newMerchantUid('order'),
    name: 'STANDARD monthly',
    amount: 19900,
    currency: 'KRW',
    buyer_name: '김하늘',
    buyer_email: 'sky@example.com',
    buyer_tel: '010-1234-5678',
    m_redirect_url: RESULT_PAGE,
    ...overrides,
  };
}

/** The checkout's return to the site, as its query. */
async function checkoutReturn(params: RequestPayParams, choice: string | 'abandon') {
  const { returned } = await checkoutInBrowser(
    harness.pagesUrl,
    params,
    choice === 'abandon' ? { action: 'abandon' } : { choice },
  );
  expect(returned.origin + returned.pathname).toBe('http://localhost:3000/ko/payment/result/pending');
  expect(returned.searchParams.get('guid')).toBe('g1');
  return CheckoutReturnSchema.parse(Object.fromEntries(returned.searchParams));
}

/** A checkout that made a payment (paid, declined or abandoned): its return names it by imp_uid. */
async function pay(params: RequestPayParams, choice: string | 'abandon') {
  const back = await checkoutReturn(params, choice);
  if (!back.imp_uid) throw new Error(`The checkout made no payment: ${JSON.stringify(back)}`);
  return { ...back, imp_uid: back.imp_uid };
}

const notified = (impUid: string, status: string) =>
  eventually(
    () => harness.notifications.find((n) => n.imp_uid === impUid && n.status === status),
    `notification ${status} of ${impUid}`,
  );

/** A call to the provider's REST API as any client makes it (the adapter adds what it adds). */
async function onTheWire(method: string, path: string, body?: unknown): Promise<Response> {
  const { response: token } = (await (
    await fetch(`${process.env.PORTONE_API_URL}/users/getToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        imp_key: process.env.PORTONE_API_KEY,
        imp_secret: process.env.PORTONE_API_SECRET,
      }),
    })
  ).json()) as { response: { access_token: string } };
  return fetch(`${process.env.PORTONE_API_URL}${path}`, {
    method,
    headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

interface SentNotification {
  id: number;
  body: { imp_uid: string; status: string };
  state: string;
  attempts: number;
}

/** What the sandbox sent (or lost) about a payment, newest first. */
const sentAbout = async (impUid: string) =>
  (
    (await (await fetch(`${harness.pagesUrl}/_local/payments.json`)).json()) as {
      notifications: SentNotification[];
    }
  ).notifications.filter((delivery) => delivery.body.imp_uid === impUid);

const local = (path: string, body: unknown) =>
  fetch(`${harness.pagesUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const tokens = async () =>
  ((await (await fetch(`${harness.pagesUrl}/_local/payments.json`)).json()) as { tokensIssued: number })
    .tokensIssued;

describe('the access token', () => {
  it('is issued once and reused until shortly before it expires, then renewed', async () => {
    await getPayment('imp_000000000000');
    const first = await tokens();
    await getPayment('imp_000000000000');
    await findPaymentByMerchantUid('ord_nothing');
    expect(await tokens()).toBe(first);
    // Tokens live 120 s here; the adapter renews once less than 60 s are left.
    harness.advanceClock(61);
    await getPayment('imp_000000000000');
    expect(await tokens()).toBe(first + 1);
  });

  it('is replaced when the provider stops accepting it before its time', async () => {
    await getPayment('imp_000000000000');
    const before = await tokens();
    expect(
      (await fetch(`${harness.pagesUrl}/_local/payments/revoke-tokens`, { method: 'POST' })).status,
    ).toBe(200);
    expect(await getPayment('imp_000000000000')).toBeNull();
    expect(await tokens()).toBe(before + 1);
  });

  it('is refused by the provider for a wrong secret, and no call goes through without one', async () => {
    const refused = await fetch(`${process.env.PORTONE_API_URL}/users/getToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ imp_key: process.env.PORTONE_API_KEY, imp_secret: 'wrong' }),
    });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: -1, response: null });
    const anonymous = await fetch(`${process.env.PORTONE_API_URL}/payments/imp_1`);
    expect(anonymous.status).toBe(401);
  });
});

describe('a one-time payment through the checkout', () => {
  it('comes back with imp_uid, merchant_uid and imp_success, and reads back paid, by imp_uid and merchant_uid', async () => {
    const params = order();
    const back = await pay(params, '4242424242424242');
    expect(back).toMatchObject({ merchant_uid: params.merchant_uid, imp_success: 'true' });
    const payment = await getPayment(back.imp_uid);
    expect(payment).toMatchObject({
      impUid: back.imp_uid,
      merchantUid: params.merchant_uid,
      status: 'paid',
      amount: 19900,
      currency: 'KRW',
      payMethod: 'card',
      pg: 'html5_inicis',
      buyer: { name: '김하늘', email: 'sky@example.com' },
    });
    expect(payment?.paidAt).toBeInstanceOf(Date);
    expect((await findPaymentByMerchantUid(params.merchant_uid))?.impUid).toBe(back.imp_uid);
    await notified(back.imp_uid, 'paid');
  });

  it('is a test-channel payment: the lookup by imp_uid leaves it out unless include_sandbox=true, which the adapter asks off the release stage', async () => {
    const back = await pay(order(), '4242424242424242');
    const lookup = (query: string) => onTheWire('GET', `/payments/${back.imp_uid}${query}`);
    expect((await lookup('')).status).toBe(404);
    expect((await lookup('?include_sandbox=false')).status).toBe(404);
    expect((await lookup('?include_sandbox=true')).status).toBe(200);
    expect((await getPayment(back.imp_uid))?.status).toBe('paid');
  });

  it('reads a declined card as failed, with its card failure code', async () => {
    const back = await pay(order(), '4000000000000066');
    expect(back).toMatchObject({ imp_success: 'false', error_code: 'CC66', error_msg: '[CC66] 한도초과' });
    const payment = await getPayment(back.imp_uid);
    expect(payment?.status).toBe('failed');
    expect(payment?.failure).toEqual({ code: 'CC66', message: '한도초과' });
    expect(classifyPaymentFailure(payment?.failure ?? { message: '' })).toBe('limit-exceeded');
    // The provider notifies no failed payment.
    expect(await sentAbout(back.imp_uid)).toEqual([]);
  });

  it('marks an abandoned checkout with the cancel marker', async () => {
    const back = await pay(order(), 'abandon');
    expect(back.imp_success).toBe('false');
    expect(back.error_msg).toContain(PAYMENT_ABANDONED_MARKER);
    expect(classifyPaymentFailure({ message: back.error_msg })).toBe('abandoned');
  });

  it('leaves a pending card ready until its time has passed on the server clock, then paid', async () => {
    const back = await pay(order(), '4000000000003000');
    expect(back.imp_success).toBe('true');
    expect((await getPayment(back.imp_uid))?.status).toBe('ready');
    harness.advanceClock(3);
    expect((await getPayment(back.imp_uid))?.status).toBe('paid');
    await notified(back.imp_uid, 'paid');
  });

  it('takes PayPal as a card payment on the paypal channel, in dollars', async () => {
    const back = await pay(order({ pg: 'paypal', currency: 'USD', amount: 17.99 }), '4242424242424242');
    expect(await getPayment(back.imp_uid)).toMatchObject({
      payMethod: 'card',
      pg: 'paypal',
      amount: 17.99,
      status: 'paid',
    });
  });

  it('refuses to take a paid order twice', async () => {
    const params = order();
    await pay(params, '4242424242424242');
    const again = await checkoutReturn(params, '4242424242424242');
    expect(again).toEqual({
      merchant_uid: params.merchant_uid,
      imp_success: 'false',
      error_msg: '이미 결제가 완료된 주문번호입니다.',
    });
  });
});

/** The checkout of a dollar subscription: Paymentwall, whose key comes with the first payment. */
const paymentwallSubscription = (customerUid: string): Partial<RequestPayParams> => ({
  pg: 'paymentwall',
  currency: 'USD',
  amount: 9.99,
  customer_uid: customerUid,
});

describe('billing keys', () => {
  it('are issued by a subscription checkout, then charged: the first charge approved, a renewal declined', async () => {
    const customerUid = newCustomerUid();
    const back = await pay(order({ customer_uid: customerUid }), '4000000000000259');
    expect(back.imp_success).toBe('true');
    expect(await getPayment(back.imp_uid)).toMatchObject({
      customerUid,
      customerUidUsage: 'issue',
      amount: 0,
    });
    expect(await getBillingKey(customerUid)).toMatchObject({ customerUid, cardNumber: '4000********0259' });

    const first = await payWithBillingKey({
      customerUid,
      merchantUid: newMerchantUid('order'),
      amount: 19900,
      currency: 'KRW',
      name: 'STANDARD monthly',
    });
    expect(first).toMatchObject({ status: 'paid', amount: 19900, customerUidUsage: 'payment' });
    const renewal = await payWithBillingKey({
      customerUid,
      merchantUid: newMerchantUid('renewal'),
      amount: 19900,
      currency: 'KRW',
      name: 'STANDARD monthly',
    });
    expect(renewal.status).toBe('failed');
    expect(renewal.failure).toEqual({ code: 'CC66', message: '한도초과' });
    expect(await sentAbout(renewal.impUid)).toEqual([]);
    expect((await sentAbout(first.impUid)).map((sent) => sent.body.status)).toEqual(['paid']);
  });

  it('are issued and charged only on channels the provider charges again on, in the currencies they take', async () => {
    const onEximbay = await pay(
      order({ pg: 'eximbay', currency: 'USD', amount: 9.99, customer_uid: newCustomerUid() }),
      '4242424242424242',
    );
    expect(onEximbay).toMatchObject({ imp_success: 'false' });
    expect(onEximbay.error_msg).toContain('eximbay');
    await expect(
      issueBillingKey({
        customerUid: newCustomerUid(),
        card: { number: '4242424242424242', expiry: '2099-12', birth: '900101' },
        pg: 'eximbay',
      }),
    ).rejects.toMatchObject({ providerCode: 1 });

    const customerUid = newCustomerUid();
    await pay(order({ customer_uid: customerUid }), '4242424242424242');
    await expect(
      payWithBillingKey({
        customerUid,
        merchantUid: newMerchantUid('order'),
        amount: 9.99,
        currency: 'USD',
        name: 'LIGHT monthly',
      }),
    ).rejects.toMatchObject({ providerCode: 1 });
  });

  it('on Paymentwall: come only with a first payment and the buyer’s e-mail, and are charged in dollars or yen with the browser IP and that same e-mail', async () => {
    const keyOnly = await pay(
      order({ ...paymentwallSubscription(newCustomerUid()), amount: 0 }),
      '4242424242424242',
    );
    expect(keyOnly.imp_success).toBe('false');
    const noEmail = await pay(
      order({ ...paymentwallSubscription(newCustomerUid()), buyer_email: undefined }),
      '4242424242424242',
    );
    expect(noEmail.imp_success).toBe('false');

    const customerUid = newCustomerUid();
    const params = order(paymentwallSubscription(customerUid));
    const first = await pay(params, '4242424242424242');
    expect(await getPayment(first.imp_uid)).toMatchObject({
      merchantUid: params.merchant_uid,
      status: 'paid',
      amount: 9.99,
      currency: 'USD',
      pg: 'paymentwall',
      customerUid,
    });
    const charge = (overrides: { email?: string; browserIp?: string; currency?: 'USD' | 'JPY' }) =>
      payWithBillingKey({
        customerUid,
        merchantUid: newMerchantUid('renewal'),
        amount: overrides.currency === 'JPY' ? 1100 : 9.99,
        currency: overrides.currency ?? 'USD',
        name: 'LIGHT monthly',
        buyer: { email: overrides.email ?? 'sky@example.com' },
        ...(overrides.browserIp === '' ? {} : { browserIp: overrides.browserIp ?? '203.0.113.7' }),
      });
    await expect(charge({ browserIp: '' })).rejects.toMatchObject({ providerCode: 1 });
    await expect(charge({ email: 'other@example.com' })).rejects.toMatchObject({ providerCode: 1 });
    expect(await charge({})).toMatchObject({ status: 'paid', amount: 9.99, currency: 'USD' });
    expect(await charge({ currency: 'JPY' })).toMatchObject({
      status: 'paid',
      amount: 1100,
      currency: 'JPY',
    });
  });

  it('decline every charge for a card that the card company refuses', async () => {
    const customerUid = newCustomerUid();
    await pay(order({ customer_uid: customerUid }), '4000000000000341');
    const charge = await payWithBillingKey({
      customerUid,
      merchantUid: newMerchantUid('order'),
      amount: 9900,
      currency: 'KRW',
      name: 'LIGHT monthly',
    });
    expect(charge.failure?.code).toBe('CC01');
    expect(classifyPaymentFailure(charge.failure ?? { message: '' })).toBe('issuer-decline');
  });

  it('are not issued from a declined card', async () => {
    const customerUid = newCustomerUid();
    const back = await pay(order({ customer_uid: customerUid }), '4000000000000001');
    expect(back.imp_success).toBe('false');
    expect(await getBillingKey(customerUid)).toBeNull();
  });

  it('are issued, inspected and deleted by REST for a change of card; a deleted key cannot be charged', async () => {
    const customerUid = newCustomerUid();
    const issued = await issueBillingKey({
      customerUid,
      card: { number: '4242-4242-4242-4242', expiry: '2099-12', birth: '900101', pwd2digit: '12' },
      customer: { name: '김하늘', email: 'sky@example.com' },
    });
    expect(issued).toMatchObject({ customerUid, cardNumber: '4242********4242', customerName: '김하늘' });
    expect((await getBillingKey(customerUid))?.customerUid).toBe(customerUid);
    await expect(
      issueBillingKey({
        customerUid: newCustomerUid(),
        card: { number: '4242424242424242', expiry: '2001-01', birth: '900101' },
      }),
    ).rejects.toBeInstanceOf(PaymentProviderError);

    expect((await deleteBillingKey(customerUid, 'changed card'))?.customerUid).toBe(customerUid);
    expect(await getBillingKey(customerUid)).toBeNull();
    expect(await deleteBillingKey(customerUid, 'again')).toBeNull();
    await expect(
      payWithBillingKey({
        customerUid,
        merchantUid: newMerchantUid('renewal'),
        amount: 100,
        currency: 'KRW',
        name: 'x',
      }),
    ).rejects.toMatchObject({ code: 'PORTONE_FAILED', providerCode: 1 });
  });

  it('refuse a merchant uid already paid', async () => {
    const customerUid = newCustomerUid();
    await issueBillingKey({
      customerUid,
      card: { number: '4242424242424242', expiry: '2099-12', birth: '900101' },
    });
    const merchantUid = newMerchantUid('order');
    await payWithBillingKey({
      customerUid,
      merchantUid,
      amount: 9900,
      currency: 'KRW',
      name: 'LIGHT monthly',
    });
    await expect(
      payWithBillingKey({ customerUid, merchantUid, amount: 9900, currency: 'KRW', name: 'LIGHT monthly' }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('are charged only with a name of at most 40 characters, a buyer name of 16 and a merchant uid of 40; the adapter fits the names', async () => {
    const customerUid = newCustomerUid();
    await issueBillingKey({
      customerUid,
      card: { number: '4242424242424242', expiry: '2099-12', birth: '900101' },
    });
    // As any client sends it: each field over its limit (or the name missing) is refused, nothing charged.
    const refusals = [
      { name: undefined },
      { name: '가'.repeat(41) },
      { buyer_name: '김'.repeat(17) },
      { merchant_uid: `ord_${'x'.repeat(37)}` },
    ];
    for (const fields of refusals) {
      const merchantUid = newMerchantUid('order');
      const answer = await onTheWire('POST', '/subscribe/payments/again', {
        customer_uid: customerUid,
        merchant_uid: merchantUid,
        amount: 9900,
        name: 'LIGHT monthly',
        ...fields,
      });
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(await answer.json()).toMatchObject({ code: -1, response: null });
      expect(await findPaymentByMerchantUid(merchantUid)).toBeNull();
    }
    // As the public python client sends it (its token in X-ImpTokenHeader), and as a form (the schema's
    // `consumes` lists both encodings): the same refusal.
    const token = (await (
      await onTheWire('POST', '/users/getToken', {
        imp_key: process.env.PORTONE_API_KEY,
        imp_secret: process.env.PORTONE_API_SECRET,
      })
    ).json()) as { response: { access_token: string } };
    const asForm = await fetch(`${process.env.PORTONE_API_URL}/subscribe/payments/again`, {
      method: 'POST',
      headers: {
        'x-imptokenheader': token.response.access_token,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        customer_uid: customerUid,
        merchant_uid: newMerchantUid('order'),
        amount: '9900',
        name: '가'.repeat(41),
      }),
    });
    expect(asForm.status).toBe(400);
    expect(await asForm.json()).toMatchObject({ code: -1 });
    const merchantUid = newMerchantUid('renewal');
    const charged = await payWithBillingKey({
      customerUid,
      merchantUid,
      amount: 9900,
      currency: 'KRW',
      name: `${'아주 긴 사용자 지정 요금제 이름'.repeat(3)} (연간)`,
      buyer: { name: '남궁하늘빛나는별님의아주긴이름입니다' },
    });
    expect(charged).toMatchObject({
      status: 'paid',
      name: '아주 긴 사용자 지정 요금제 이름아주 긴 사용자 지정 요금제 이름아주 긴',
      buyer: { name: '남궁하늘빛나는별님의아주긴이름입' },
    });
  });

  it('decline the next charges when the developer page says so', async () => {
    const customerUid = newCustomerUid();
    await issueBillingKey({
      customerUid,
      card: { number: '4242424242424242', expiry: '2099-12', birth: '900101' },
    });
    const set = await fetch(`${harness.pagesUrl}/_local/payments/billing-keys/decline`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ customer_uid: customerUid, code: 'CC07' }),
    });
    expect(set.status).toBe(200);
    const charge = await payWithBillingKey({
      customerUid,
      merchantUid: newMerchantUid('renewal'),
      amount: 9900,
      currency: 'KRW',
      name: 'LIGHT monthly',
    });
    expect(charge.failure?.code).toBe('CC07');
  });
});

describe('cancels', () => {
  /** A dollar charge on a Paymentwall billing key (issued with its first payment at the checkout). */
  async function paidInDollars(amount: number) {
    const customerUid = newCustomerUid();
    await pay(order(paymentwallSubscription(customerUid)), '4242424242424242');
    return payWithBillingKey({
      customerUid,
      merchantUid: newMerchantUid('order'),
      amount,
      currency: 'USD',
      name: 'LIGHT monthly',
      buyer: { email: 'sky@example.com' },
      browserIp: '203.0.113.7',
    });
  }

  it('cancel partly with the right checksum, refuse a wrong checksum without change, then cancel the rest', async () => {
    const payment = await paidInDollars(17.99);
    const partial = await cancelPayment({
      impUid: payment.impUid,
      amount: 5.33,
      checksum: 17.99,
      reason: 'partial refund',
    });
    expect(partial).toMatchObject({ status: 'paid', cancelledAmount: 5.33 });
    expect(partial.cancelHistory).toHaveLength(1);

    // A second refund computed from the stale figure is refused, and nothing changes.
    await expect(
      cancelPayment({ impUid: payment.impUid, amount: 5.33, checksum: 17.99, reason: 'crossed refund' }),
    ).rejects.toMatchObject({ code: 'PORTONE_FAILED', providerCode: 1 });
    expect((await getPayment(payment.impUid))?.cancelledAmount).toBe(5.33);

    const rest = await cancelPayment({
      merchantUid: payment.merchantUid,
      checksum: 12.66,
      reason: 'full refund',
    });
    expect(rest).toMatchObject({ status: 'cancelled', cancelledAmount: 17.99 });
    expect(rest.cancelledAt).toBeInstanceOf(Date);
    // A cancel through the API is notified only when it asks for it (enable_webhook).
    expect((await sentAbout(payment.impUid)).map((sent) => sent.body.status)).toEqual(['paid']);
    await expect(
      cancelPayment({ impUid: payment.impUid, checksum: 0, reason: 'again' }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('refuse more than what is left, and a payment that does not exist', async () => {
    const payment = await paidInDollars(8.99);
    await expect(
      cancelPayment({ impUid: payment.impUid, amount: 9, checksum: 8.99, reason: 'too much' }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(
      cancelPayment({ impUid: 'imp_000000000001', checksum: 1, reason: 'none' }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

describe('virtual accounts', () => {
  it('are issued (ready, notified), paid in when the server clock passes the deposit time, and notified again', async () => {
    const back = await pay(order({ pay_method: 'vbank', vbank_due: '2099-12-31 23:59:59' }), 'vbank:10');
    expect(back.imp_success).toBe('true');
    const issued = await getPayment(back.imp_uid);
    expect(issued?.status).toBe('ready');
    expect(issued?.vbank).toMatchObject({ vbankName: 'KB국민은행', vbankHolder: 'Cutloom' });
    expect(issued?.vbank?.vbankNum).toMatch(/^\d{14}$/);
    expect(issued?.vbank?.vbankDueDate.toISOString()).toBe('2099-12-31T14:59:59.000Z');
    await notified(back.imp_uid, 'ready');

    harness.advanceClock(9 * 60);
    expect((await getPayment(back.imp_uid))?.status).toBe('ready');
    harness.advanceClock(61);
    expect((await getPayment(back.imp_uid))?.status).toBe('paid');
    await notified(back.imp_uid, 'paid');
  });

  it('are paid in by the Deposit button, refused after their due date, and refunded only to an account', async () => {
    const back = await pay(order({ pay_method: 'vbank' }), 'vbank');
    const deposit = (impUid: string) =>
      fetch(`${harness.pagesUrl}/_local/payments/deposit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ imp_uid: impUid }),
      });
    expect((await deposit(back.imp_uid)).status).toBe(200);
    expect((await getPayment(back.imp_uid))?.status).toBe('paid');
    await expect(
      cancelPayment({ impUid: back.imp_uid, checksum: 19900, reason: 'refund' }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
    // The bank code is the PG's (KG Inicis writes KB as 04, not the 004 of other PGs), and the bank checks
    // the account and its holder (the sandbox's test rules: a holder 불일치, an account ending in 000).
    const refusedWith = (refundAccount: { holder: string; bank: string; account: string }) =>
      cancelPayment({ impUid: back.imp_uid, checksum: 19900, reason: 'refund', refundAccount }).then(
        () => 'refunded',
        (error: PaymentProviderError) => error.message,
      );
    expect(await refusedWith({ holder: '김하늘', bank: '004', account: '12345678901234' })).toContain(
      '은행코드',
    );
    expect(await refusedWith({ holder: '불일치', bank: '04', account: '12345678901234' })).toContain(
      '예금주',
    );
    expect(await refusedWith({ holder: '김하늘', bank: '04', account: '12345678901000' })).toContain(
      '계좌번호',
    );
    const refunded = await cancelPayment({
      impUid: back.imp_uid,
      checksum: 19900,
      reason: 'refund',
      refundAccount: { holder: '김하늘', bank: '04', account: '12345678901234' },
    });
    expect(refunded.status).toBe('cancelled');

    const late = await pay(order({ pay_method: 'vbank' }), 'vbank');
    harness.advanceClock(4 * 86_400);
    const refused = await deposit(late.imp_uid);
    expect(refused.status).toBe(400);
    expect((await getPayment(late.imp_uid))?.status).toBe('ready');
  });
});

describe('notifications', () => {
  it('are sent once: a delivery the receiver refuses is not tried again', async () => {
    harness.failNextNotifications(1);
    const before = harness.notificationAttempts();
    const back = await pay(order(), '4242424242424242');
    const [sent] = await eventually(async () => {
      const about = await sentAbout(back.imp_uid);
      return about[0]?.state === 'failed' ? about : undefined;
    }, 'the failed delivery');
    expect(sent).toMatchObject({ state: 'failed', attempts: 1 });
    expect(harness.notificationAttempts() - before).toBe(1);
    expect(harness.notifications.some((n) => n.imp_uid === back.imp_uid)).toBe(false);
  });

  it('are resent after a failure as many times as the merchant asked the provider to', async () => {
    expect((await local('/_local/payments/notifications/policy', { resends: 2 })).status).toBe(200);
    try {
      harness.failNextNotifications(2);
      const before = harness.notificationAttempts();
      const back = await pay(order(), '4242424242424242');
      await notified(back.imp_uid, 'paid');
      expect(harness.notificationAttempts() - before).toBe(3);
    } finally {
      await local('/_local/payments/notifications/policy', { resends: 0 });
    }
  });

  it('of a cancel come only when the cancel asks for them', async () => {
    const back = await pay(order(), '4242424242424242');
    await notified(back.imp_uid, 'paid');
    const cancelled = await onTheWire('POST', '/payments/cancel', {
      imp_uid: back.imp_uid,
      reason: 'asked to be told',
      enable_webhook: true,
    });
    expect(cancelled.status).toBe(200);
    await notified(back.imp_uid, 'cancelled');
  });

  it('can be lost on the way (an order’s, or a share of all), and any can be sent again later', async () => {
    const params = order();
    expect(
      (await local('/_local/payments/notifications/lose', { merchant_uid: params.merchant_uid })).status,
    ).toBe(200);
    const back = await pay(params, '4242424242424242');
    const [lost] = await sentAbout(back.imp_uid);
    expect(lost).toMatchObject({ state: 'lost', attempts: 0 });
    expect(harness.notifications.some((n) => n.imp_uid === back.imp_uid)).toBe(false);

    expect((await local('/_local/payments/notifications/resend', { id: lost?.id })).status).toBe(200);
    await notified(back.imp_uid, 'paid');

    expect((await local('/_local/payments/notifications/policy', { dropShare: 1 })).status).toBe(200);
    try {
      const other = await pay(order(), '4242424242424242');
      expect((await sentAbout(other.imp_uid)).map((sent) => sent.state)).toEqual(['lost']);
    } finally {
      await local('/_local/payments/notifications/policy', { dropShare: 0 });
    }
  });
});
