import { describe, expect, it } from 'vitest';
import { getOrder } from '../../../functions/core/data/order-reads.ts';
import {
  getPayment,
  getPaymentContact,
  listUserPlans,
} from '../../../functions/core/data/user-plan-repository.ts';
import {
  createBillingKeyPayment,
  createInitPayment,
  getVbankIssuedInfo,
  portoneWebhook,
  requestSendCoolsms,
  setUpRecurrentNaverPayEnroll,
  startRecurrentNaverPay,
} from '../../../shared/api/orders.ts';
import { periodEnd } from '../../../shared/plans/plan-period.ts';
import { call } from '../helpers.ts';
import {
  CHARGES_ANSWER_LATE,
  checkout,
  confirm,
  DECLINED_CC01,
  deposit,
  KEY_CHARGES_DECLINE,
  newCustomer,
  openSession,
  PENDING_3S,
  placeOrder,
  registerInWallet,
  sandboxState,
  smsOutbox,
  until,
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

describe('a payment the provider has not settled yet', () => {
  it('is pending, then success once the provider reports it paid', async () => {
    const buyer = await newCustomer();
    const { sessionInfo } = await openSession(buyer, { planName: 'Y1_LIGHT_V3' });
    const order = await placeOrder(sessionInfo, 'card');
    await checkout(sessionInfo, order, 'card', PENDING_3S);
    expect((await confirm(sessionInfo.guid, order.merchantUid)).body.result).toBe('pending');
    expect(await listUserPlans(buyer.uid)).toEqual([]);
    const settled = await until(async () => {
      const answer = await confirm(sessionInfo.guid, order.merchantUid);
      return answer.body.result === 'pending' ? undefined : answer.body;
    }, 'the pending payment to settle');
    expect(settled.result).toBe('success');
    expect(await listUserPlans(buyer.uid)).toHaveLength(1);
  });
});

describe('a virtual account', () => {
  it('is issued, texted once, and granted when the deposit is notified', async () => {
    const buyer = await newCustomer();
    const { sessionInfo } = await openSession(buyer, { planName: 'Y1_STANDARD_V3' });
    const order = await placeOrder(sessionInfo, 'vbank');
    expect(order.vbankDue).toMatch(/^\d{8}2359$/);
    const back = await checkout(sessionInfo, order, 'vbank', 'vbank');
    expect(back.imp_success).toBe('true');

    const issued = await call(getVbankIssuedInfo, { guid: sessionInfo.guid, merchantUid: order.merchantUid });
    expect(issued.status).toBe(200);
    const info = issued.body.vbankIssuedInfo;
    expect(info).toMatchObject({
      vbankName: 'KB국민은행',
      price: 238800,
      currency: 'KRW',
      userPhone: '+821012345678',
    });
    expect(info.vbankNum).toMatch(/^\d{14}$/);
    expect(info.vbankDueDate).toBe(
      Date.parse(
        `${order.vbankDue?.slice(0, 4)}-${order.vbankDue?.slice(4, 6)}-${order.vbankDue?.slice(6, 8)}T23:59:00+09:00`,
      ),
    );
    expect((await confirm(sessionInfo.guid, order.merchantUid)).body.result).toBe('pending');

    // A Korean customer's Korean mobile got the account by the notice's 알림톡: the order page's text
    // adds none (notices' own tests: test/integration/notices).
    const texted = await call(requestSendCoolsms, { guid: sessionInfo.guid, merchantUid: order.merchantUid });
    expect(texted.body).toEqual({ sent: false });
    const texts = (await smsOutbox()).filter((sms) => sms.text.includes(info.vbankNum));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ to: '01012345678', type: 'ATA' });
    expect(texts[0]?.text).toContain('₩238,800');

    expect((await deposit(back.imp_uid as string)).status).toBe(200);
    // The provider notifies the deposit; the webhook confirms it with no help from the browser.
    await until(
      async () => ((await getOrder(order.merchantUid))?.status === 'paid' ? true : undefined),
      'the deposit',
    );
    expect(await listUserPlans(buyer.uid)).toHaveLength(1);
    expect((await confirm(sessionInfo.guid, order.merchantUid)).body.result).toBe('success');
  });

  it('has no text before an account is issued, and only for its own session', async () => {
    const buyer = await newCustomer();
    const { sessionInfo } = await openSession(buyer, { planName: 'Y1_STANDARD_V3' });
    const order = await placeOrder(sessionInfo, 'vbank');
    const early = await call(requestSendCoolsms, { guid: sessionInfo.guid, merchantUid: order.merchantUid });
    expect(early).toMatchObject({ status: 409, body: { error: { code: 'ABNORMAL_PAYMENT_STATUS' } } });
    const noAccount = await call(getVbankIssuedInfo, {
      guid: sessionInfo.guid,
      merchantUid: order.merchantUid,
    });
    expect(noAccount.body.error.code).toBe('ABNORMAL_PAYMENT_STATUS');
    const other = await openSession(await newCustomer(), { planName: 'Y1_STANDARD_V3' });
    const foreign = await call(requestSendCoolsms, { guid: other.guid, merchantUid: order.merchantUid });
    expect(foreign).toMatchObject({ status: 404, body: { error: { code: 'NO_PAYMENT_PROGRESS' } } });
  });

  it('is refused for a card order', async () => {
    const buyer = await newCustomer();
    const { sessionInfo } = await openSession(buyer, { planName: 'Y1_STANDARD_V3' });
    const order = await placeOrder(sessionInfo, 'card');
    const answer = await call(getVbankIssuedInfo, { guid: sessionInfo.guid, merchantUid: order.merchantUid });
    expect(answer.body.error.code).toBe('ABNORMAL_PAYMENT_STATUS');
  });
});

describe('a subscription by card (billing key)', () => {
  it('issues the key at the checkout, charges the first payment once, and grants a renewing plan', async () => {
    const buyer = await newCustomer();
    const { sessionInfo } = await openSession(buyer, { planName: 'MR_STANDARD_V3' });
    const order = await placeOrder(sessionInfo, 'card');
    expect(order.customerUid).toMatch(/^cus_/);
    expect(order.checkoutMerchantUid).toBe(`key_${order.merchantUid}`);
    const back = await checkout(sessionInfo, order, 'card', VISA_OK);
    expect(back.imp_success).toBe('true');
    const input = { guid: sessionInfo.guid, merchantUid: order.merchantUid, customerUid: order.customerUid };
    const answers = await Promise.all([
      call(createBillingKeyPayment, input),
      call(createBillingKeyPayment, input),
    ]);
    for (const answer of answers) expect(['success', 'pending']).toContain(answer.body.result);
    expect((await call(createBillingKeyPayment, input)).body.result).toBe('success');
    const charges = (await sandboxState()).payments.filter(
      (payment) => payment.merchant_uid === order.merchantUid,
    );
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ status: 'paid', amount: 19900 });
    const [plan] = await listUserPlans(buyer.uid);
    expect(plan).toMatchObject({
      planName: 'MR_STANDARD_V3',
      planStatus: 'PAID',
      customerUid: order.customerUid,
      scheduledPrice: 19900,
    });
    expect(await getPayment(order.merchantUid)).toMatchObject({ paymentType: 'regular', price: 19900 });
  });

  it('is failed when the key cannot be charged, and refuses a key that is not the order’s', async () => {
    const buyer = await newCustomer();
    const { sessionInfo } = await openSession(buyer, { planName: 'MR_LIGHT_V3' });
    const order = await placeOrder(sessionInfo, 'card');
    await checkout(sessionInfo, order, 'card', KEY_CHARGES_DECLINE);
    const wrongKey = await call(createBillingKeyPayment, {
      guid: sessionInfo.guid,
      merchantUid: order.merchantUid,
      customerUid: 'cus_someoneelse0000000000000000',
    });
    expect(wrongKey.body.error.code).toBe('INCONSISTENCY');
    const charged = await call(createBillingKeyPayment, {
      guid: sessionInfo.guid,
      merchantUid: order.merchantUid,
      customerUid: order.customerUid,
    });
    expect(charged.body).toMatchObject({
      result: 'failed',
      errorType: 'PORTONE_FAILED',
      failureCode: 'CC01',
    });
    expect(await listUserPlans(buyer.uid)).toEqual([]);
  });

  it('is charged once when the charge answers too late: the outcome is looked up by merchant_uid, then granted once', async () => {
    const buyer = await newCustomer();
    const { sessionInfo } = await openSession(buyer, { planName: 'MR_LIGHT_V3' });
    const order = await placeOrder(sessionInfo, 'card');
    await checkout(sessionInfo, order, 'card', CHARGES_ANSWER_LATE);
    const input = { guid: sessionInfo.guid, merchantUid: order.merchantUid, customerUid: order.customerUid };
    // The product stops waiting for the charge long before its function would be stopped; the charge
    // is found under way, so the answer is pending (never a failure, never a second charge).
    expect((await call(createBillingKeyPayment, input)).body.result).toBe('pending');
    expect((await call(createBillingKeyPayment, input)).body.result).toBe('pending');
    await until(
      async () =>
        (await confirm(sessionInfo.guid, order.merchantUid)).body.result === 'success' ? true : undefined,
      'the late charge',
      20_000,
    );
    const state = await sandboxState();
    expect(state.payments.filter((payment) => payment.merchant_uid === order.merchantUid)).toMatchObject([
      { status: 'paid', amount: 9900 },
    ]);
    expect(state.billingKeys.find((key) => key.customer_uid === order.customerUid)?.charges).toBe(1);
    expect(await listUserPlans(buyer.uid)).toHaveLength(1);
    expect(await getPayment(order.merchantUid)).toMatchObject({ price: 9900 });
  }, 30_000);
});

describe('a subscription in dollars or yen', () => {
  it('is paid on the channel that charges again (Paymentwall): its key comes with the first payment at the checkout, granted once', async () => {
    const buyer = await newCustomer();
    const { sessionInfo } = await openSession(buyer, { planName: 'MR_LIGHT_V3', language: 'en' });
    expect(sessionInfo.currency).toBe('USD');
    const order = await placeOrder(sessionInfo, 'card');
    expect(order.customerUid).toMatch(/^cus_/);
    expect(order.checkoutMerchantUid).toBe(order.merchantUid);
    expect(await getOrder(order.merchantUid)).toMatchObject({ pg: 'paymentwall', buyerIp: '127.0.0.1' });
    const back = await checkout(sessionInfo, order, 'card', VISA_OK);
    expect(back.imp_success).toBe('true');
    const input = { guid: sessionInfo.guid, merchantUid: order.merchantUid, customerUid: order.customerUid };
    expect((await call(createBillingKeyPayment, input)).body.result).toBe('success');
    expect((await call(createBillingKeyPayment, input)).body.result).toBe('success');
    const charges = (await sandboxState()).payments.filter(
      (payment) => payment.merchant_uid === order.merchantUid,
    );
    expect(charges).toMatchObject([{ status: 'paid', amount: order.amount }]);
    const [plan] = await listUserPlans(buyer.uid);
    expect(plan).toMatchObject({ pg: 'paymentwall', currency: 'USD', customerUid: order.customerUid });
    // Paymentwall issues no key without a payment: its plans have no card to change here.
    const changeCard = await call(
      createInitPayment,
      { clientType: 'landing', language: 'en', isChangeCard: true },
      { token: buyer.token },
    );
    expect(changeCard.body.error.code).toBe('INVALID_ARGUMENT');
  });
});

describe('a subscription by the wallet (Naver Pay recurring)', () => {
  it('reserves once, approves the registration and charges the first payment once', async () => {
    const buyer = await newCustomer();
    const { sessionInfo } = await openSession(buyer, { planName: 'MR_LIGHT_V3' });
    expect(sessionInfo.showNaverPay).toBe(true);
    const order = await placeOrder(sessionInfo, 'naver_pay');
    expect(order.customerUid).toBeUndefined();
    const enrol = { guid: sessionInfo.guid, merchantUid: order.merchantUid };
    const reserved = await call(setUpRecurrentNaverPayEnroll, enrol);
    expect(reserved.status).toBe(200);
    expect((await call(setUpRecurrentNaverPayEnroll, enrol)).body.reserveId).toBe(reserved.body.reserveId);
    const back = await registerInWallet(reserved.body.reserveId, VISA_OK);
    expect(back.pathname).toBe('/ko/payment/result/pending');
    expect(back.searchParams.get('guid')).toBe(sessionInfo.guid);
    expect(back.searchParams.get('merchant_uid')).toBe(order.merchantUid);
    expect(back.searchParams.get('resultCode')).toBe('Success');
    const start = {
      ...enrol,
      reserveId: reserved.body.reserveId,
      tempReceiptId: back.searchParams.get('tempReceiptId'),
    };
    const [a, b] = await Promise.all([
      call(startRecurrentNaverPay, start),
      call(startRecurrentNaverPay, start),
    ]);
    expect([a.body.result, b.body.result]).toContain('success');
    expect((await call(startRecurrentNaverPay, start)).body.result).toBe('success');
    const [plan] = await listUserPlans(buyer.uid);
    expect(plan).toMatchObject({ planName: 'MR_LIGHT_V3', pg: 'naver_pay', planStatus: 'PAID' });
    expect(plan?.recurrentId).toMatch(/^rcr_/);
    expect(await getPayment(order.merchantUid)).toMatchObject({ price: 9900, pg: 'naver_pay' });
  });

  it('answers the wallet error with its own message when the registration is refused', async () => {
    const buyer = await newCustomer();
    const { sessionInfo } = await openSession(buyer, { planName: 'MR_LIGHT_V3' });
    const order = await placeOrder(sessionInfo, 'naver_pay');
    const { body } = await call(setUpRecurrentNaverPayEnroll, {
      guid: sessionInfo.guid,
      merchantUid: order.merchantUid,
    });
    const answer = await call(startRecurrentNaverPay, {
      guid: sessionInfo.guid,
      merchantUid: order.merchantUid,
      reserveId: body.reserveId,
      tempReceiptId: 'tmp_forged',
    });
    expect(answer.body).toMatchObject({ result: 'error', errorType: 'NAVER_PAY_API_ERROR' });
    expect(answer.body.errorMsg).toContain('registration was not completed');
  });

  it('is refused for an order by another method, and for a reservation that is not the order’s', async () => {
    const buyer = await newCustomer();
    const { sessionInfo } = await openSession(buyer, { planName: 'MR_LIGHT_V3' });
    const card = await placeOrder(sessionInfo, 'card');
    const refused = await call(setUpRecurrentNaverPayEnroll, {
      guid: sessionInfo.guid,
      merchantUid: card.merchantUid,
    });
    expect(refused.body.error.code).toBe('INVALID_ARGUMENT');
    const wallet = await placeOrder(sessionInfo, 'naver_pay');
    await call(setUpRecurrentNaverPayEnroll, { guid: sessionInfo.guid, merchantUid: wallet.merchantUid });
    const other = await call(startRecurrentNaverPay, {
      guid: sessionInfo.guid,
      merchantUid: wallet.merchantUid,
      reserveId: 'rsv_not_this_one',
      tempReceiptId: 'tmp_x',
    });
    expect(other.body.error.code).toBe('INCONSISTENCY');
  });
});

describe('get-payment-result', () => {
  it('knows only the orders of the session whose guid it is given', async () => {
    const buyer = await newCustomer();
    const { sessionInfo } = await openSession(buyer, { planName: 'Y1_LIGHT_V3' });
    const order = await placeOrder(sessionInfo, 'card');
    const other = await openSession(await newCustomer(), { planName: 'Y1_LIGHT_V3' });
    expect((await confirm(other.guid, order.merchantUid)).body.error.code).toBe('NO_PAYMENT_PROGRESS');
    expect((await confirm(sessionInfo.guid, 'ord_nosuchorder00000000000000')).body.error.code).toBe(
      'NO_PAYMENT_PROGRESS',
    );
  });

  it('refuses claims that differ from the order, and upgrades', async () => {
    const buyer = await newCustomer();
    const { sessionInfo } = await openSession(buyer, { planName: 'Y1_LIGHT_V3' });
    const order = await placeOrder(sessionInfo, 'card');
    for (const claim of [{ price: 100 }, { isTest: true }, { couponCode: 'ABCDEFGHIJ' }]) {
      const answer = await confirm(sessionInfo.guid, order.merchantUid, claim);
      expect(answer).toMatchObject({ status: 409, body: { error: { code: 'INCONSISTENCY' } } });
    }
    expect((await confirm(sessionInfo.guid, order.merchantUid, { isUpgrade: true })).body.error.code).toBe(
      'UPGRADE_NOT_ALLOWED',
    );
  });

  it('answers an abandoned checkout as an error once the provider says so', async () => {
    const buyer = await newCustomer();
    const { sessionInfo } = await openSession(buyer, { planName: 'Y1_LIGHT_V3' });
    const order = await placeOrder(sessionInfo, 'card');
    const back = await checkout(sessionInfo, order, 'card', 'abandon');
    expect(back.error_msg).toContain('[결제포기]');
    expect((await confirm(sessionInfo.guid, order.merchantUid)).body).toMatchObject({
      result: 'error',
      errorType: 'PORTONE_FAILED',
    });
  });
});

describe('the provider webhook', () => {
  it('ignores what is not an order of ours and never trusts the body', async () => {
    const buyer = await newCustomer();
    const { sessionInfo } = await openSession(buyer, { planName: 'Y1_LIGHT_V3' });
    const order = await placeOrder(sessionInfo, 'card');
    const back = await checkout(sessionInfo, order, 'card', PENDING_3S);
    // A forged notification: the provider's record says the payment is still ready.
    const forged = await call(portoneWebhook, {
      imp_uid: back.imp_uid,
      merchant_uid: order.merchantUid,
      status: 'paid',
    });
    expect(forged.body).toEqual({ result: 'pending' });
    const mismatched = await call(portoneWebhook, {
      imp_uid: back.imp_uid,
      merchant_uid: 'ord_someoneelse000000000000000',
      status: 'paid',
    });
    expect(mismatched.body).toEqual({ result: 'ignored' });
    const unknown = await call(portoneWebhook, {
      imp_uid: 'imp_000000000000',
      merchant_uid: 'x',
      status: 'paid',
    });
    expect(unknown.body).toEqual({ result: 'ignored' });
    expect(await listUserPlans(buyer.uid)).toEqual([]);
    const bad = await call(portoneWebhook, { imp_uid: back.imp_uid, status: 'paid' });
    expect(bad).toMatchObject({ status: 400, body: { error: { code: 'INVALID_ARGUMENT' } } });
  });
});

describe('create-billing-key-payment', () => {
  it('is only for a subscription’s first payment', async () => {
    const buyer = await newCustomer();
    const { sessionInfo } = await openSession(buyer, { planName: 'Y1_LIGHT_V3' });
    const pass = await placeOrder(sessionInfo, 'card');
    const input = { guid: sessionInfo.guid, merchantUid: pass.merchantUid, customerUid: 'cus_x' };
    expect((await call(createBillingKeyPayment, input)).body.error.code).toBe('INVALID_ARGUMENT');
    expect((await call(createBillingKeyPayment, { ...input, isUpgrade: true })).body.error.code).toBe(
      'UPGRADE_NOT_ALLOWED',
    );
  });
});
