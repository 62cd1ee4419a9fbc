import { describe, expect, it } from 'vitest';
import { getOrder } from '../../../functions/core/data/order-reads.ts';
import { getPaymentSession } from '../../../functions/core/data/payment-session-repository.ts';
import {
  changePaymentSessionAccountType,
  checkCurrencyOption,
  createBillingKeyPayment,
  createInitPayment,
  getOrderPage,
  getPaymentSessionInfo,
  payOrder,
  startPayment,
} from '../../../shared/api/orders.ts';
import { getCheckoutSettings } from '../../../shared/api/payment-provider.ts';
import { savePaymentSessionTaxInvoice } from '../../../shared/api/tax-invoices.ts';
import { createInitPlanUpgrade } from '../../../shared/api/upgrades.ts';
import type { SessionInfo } from '../../../shared/orders/session-info.ts';
import { call } from '../helpers.ts';
import {
  type Customer,
  checkout,
  lapsedSession,
  newCustomer,
  openSession,
  placeOrder,
  progressInput,
  subscriber,
  VISA_OK,
} from './order-helpers.ts';

/**
 * The site's payment flow in fewer, wider calls (issue 36), beside the seed's routes: the start answers
 * what create-init-payment (or create-init-plan-upgrade) answers plus everything the order page shows,
 * refusing exactly as they refuse; get-order-page is the same read for a page loaded by its address; the
 * pay command checks the phone (stopping for the confirmation), saves the account type and creates the
 * order as insert-payment-progress does.
 */
const start = (buyer: Customer, input: Record<string, unknown> = {}) =>
  call(
    startPayment,
    { clientType: 'landing', language: 'ko', planName: 'MR_STANDARD_V3', ...input },
    { token: buyer.token },
  );

/** A number of this test's own: nobody paid with it unless the test makes it so. */
const ownPhone = () => `+8210${String(Date.now() + Math.floor(Math.random() * 1e6)).slice(-8)}`;

/** The pay command's input for a session as the order page sends it. */
const payInput = (session: SessionInfo, overrides: Record<string, unknown> = {}) =>
  progressInput(session, 'card', { userPhone: ownPhone(), ...overrides });

describe('POST /payment/start-payment', () => {
  it('opens the session create-init-payment opens, with what its order page shows', async () => {
    const buyer = await newCustomer();
    const answer = await start(buyer);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ kind: 'order' });
    const { guid, orderPage } = answer.body;
    const read = await call(getPaymentSessionInfo, { guid });
    expect(orderPage.sessionInfo).toEqual(read.body.sessionInfo);
    expect(orderPage.sessionInfo).toMatchObject({
      planPriceInfo: { name: 'MR_STANDARD_V3' },
      currency: 'KRW',
      price: { finalPrice: 19900 },
    });
    expect(orderPage.checkoutSettings).toEqual((await call(getCheckoutSettings, {})).body);
    expect(orderPage).toMatchObject({ currencyOptionShown: false, taxInvoiceDetails: null });
    // The same page as its address reads it.
    const page = await call(getOrderPage, { guid, language: 'ko' });
    expect(page.status).toBe(200);
    expect(page.body).toEqual(orderPage);
  });

  it('answers the currency option check-currency-option answers, for the page’s language', async () => {
    // The runtime's viewer country is the one CloudFront would add (VIEWER_COUNTRY, KR by default); the
    // rule itself is currencyOptionShown's (shared/orders/order-rules.ts) and its unit test's.
    const buyer = await newCustomer();
    for (const language of ['ko', 'en'] as const) {
      const started = await start(buyer, { language });
      const option = await call(checkCurrencyOption, { language });
      expect(started.body.orderPage.currencyOptionShown).toBe(option.body.show);
      const page = await call(getOrderPage, { guid: started.body.guid, language });
      expect(page.body.currencyOptionShown).toBe(option.body.show);
    }
  });

  it('answers the tax-invoice details the account keeps', async () => {
    const buyer = await newCustomer();
    const { guid } = await openSession(buyer);
    const details = {
      businessNumber: '116-82-00276',
      companyName: '주식회사 컷룸테스트',
      representative: '홍길동',
      address: '서울특별시 강남구 테헤란로 1',
      businessType: '서비스',
      businessItem: '소프트웨어',
      invoiceEmail: 'tax@example.com',
    };
    const saved = await call(savePaymentSessionTaxInvoice, { guid, details });
    expect(saved.status).toBe(200);
    const started = await start(buyer);
    expect(started.body.orderPage.taxInvoiceDetails).toEqual(saved.body.details);
  });

  it('refuses as create-init-payment refuses: an unverified account, a pass holder', async () => {
    const unverified = await newCustomer({ emailVerified: false });
    const refusedStart = await start(unverified);
    const refusedInit = await call(
      createInitPayment,
      { clientType: 'landing', language: 'ko' },
      { token: unverified.token },
    );
    expect(refusedStart.status).toBe(refusedInit.status);
    expect(refusedStart.body.error).toMatchObject({ code: 'USER_VERIFICATION_NEEDED' });

    const holder = await subscriber('Y1_LIGHT_V3');
    const pass = await start(holder);
    expect(pass.body.error).toMatchObject({
      code: 'USER_ALREADY_SUBSCRIBED',
      planName: 'Y1_LIGHT_V3',
      isSubscription: false,
    });
  });

  it('opens a subscriber’s upgrade session on the plan chosen, as create-init-plan-upgrade', async () => {
    const buyer = await subscriber('MR_LIGHT_V3');
    const answer = await start(buyer, { planName: 'MR_STANDARD_V3' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      kind: 'upgrade',
      sessionInfo: {
        planPriceInfo: { name: 'MR_STANDARD_V3' },
        planUpgradeData: { previousPlanName: 'MR_LIGHT_V3' },
      },
    });
    const read = await call(getPaymentSessionInfo, { guid: answer.body.guid });
    expect(answer.body.sessionInfo).toEqual(read.body.sessionInfo);
    // A plan it may not go to: the session opens on the first it may, for the upgrade pricing page.
    const lower = await start(buyer, { planName: 'MR_LIGHT_V3' });
    const upgrade = await call(
      createInitPlanUpgrade,
      { clientType: 'landing', language: 'ko', planName: 'MR_LIGHT_V3' },
      { token: buyer.token },
    );
    expect(lower.body.sessionInfo.planPriceInfo.name).toBe(upgrade.body.sessionInfo.planPriceInfo.name);
  });

  it('refuses a plan with nothing above it (UPGRADE_NOT_ALLOWED) and a caller without a token', async () => {
    const top = await subscriber('YR_BUSINESS_V3');
    const answer = await start(top);
    expect(answer.body.error).toMatchObject({ code: 'UPGRADE_NOT_ALLOWED', planName: 'YR_BUSINESS_V3' });
    const anonymous = await call(startPayment, { clientType: 'landing', language: 'ko' });
    expect(anonymous.status).toBe(401);
  });
});

describe('POST /payment/get-order-page', () => {
  it('is EXPIRED for a lapsed session, as get-payment-session-info', async () => {
    const buyer = await newCustomer();
    const guid = await lapsedSession(buyer.uid);
    const answer = await call(getOrderPage, { guid, language: 'ko' });
    expect(answer.body.error).toMatchObject({ code: 'EXPIRED' });
    expect(answer.status).toBe((await call(getPaymentSessionInfo, { guid })).status);
  });
});

describe('POST /payment/pay-order', () => {
  it('creates the order insert-payment-progress creates, with the account type chosen', async () => {
    const buyer = await newCustomer();
    const { sessionInfo } = await openSession(buyer, { planName: 'MR_STANDARD_V3' });
    const input = payInput(sessionInfo, { accountType: 'individual' });
    const answer = await call(payOrder, input);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ outcome: 'ordered', amount: 19900 });
    expect(answer.body.customerUid).toMatch(/^cus_/);
    const order = await getOrder(answer.body.merchantUid);
    expect(order).toMatchObject({
      guid: sessionInfo.guid,
      uid: buyer.uid,
      planName: 'MR_STANDARD_V3',
      finalPrice: 19900,
      userPhone: input.userPhone,
      customerUid: answer.body.customerUid,
    });
    expect((await getPaymentSession(sessionInfo.guid))?.accountType).toBe('individual');
  });

  it('stops at a number another account paid with, then orders once the buyer confirms it', async () => {
    const phone = ownPhone();
    const other = await newCustomer();
    const { sessionInfo: paid } = await openSession(other, { planName: 'MR_LIGHT_V3' });
    const placed = await placeOrder(paid, 'card', { userPhone: phone });
    await checkout(paid, placed, 'card', VISA_OK);
    const charged = await call(createBillingKeyPayment, {
      guid: paid.guid,
      merchantUid: placed.merchantUid,
      customerUid: placed.customerUid,
    });
    expect(charged.body.result).toBe('success');

    const buyer = await newCustomer();
    const { sessionInfo } = await openSession(buyer, { planName: 'MR_STANDARD_V3' });
    const asked = await call(
      payOrder,
      payInput(sessionInfo, { userPhone: phone, accountType: 'individual' }),
    );
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ outcome: 'phone_used', email: expect.stringContaining('*') });
    expect(asked.body.email).not.toBe(other.email);
    // Nothing was saved: no order, no account type.
    const stored = await getPaymentSession(sessionInfo.guid);
    expect(stored?.merchantUid).toBeUndefined();
    expect(stored?.accountType).toBeUndefined();

    const confirmed = await call(
      payOrder,
      payInput(sessionInfo, { userPhone: phone, accountType: 'individual', phoneUseConfirmed: true }),
    );
    expect(confirmed.body).toMatchObject({ outcome: 'ordered', amount: 19900 });
    // The buyer's own number is never "used by another account".
    const again = await call(payOrder, payInput(paid, { userPhone: phone }));
    expect(again.body.outcome).not.toBe('phone_used');
  });

  it('refuses an account type that would change the plan shown, and a price that is not the session’s', async () => {
    const buyer = await newCustomer();
    const { sessionInfo } = await openSession(buyer, { planName: 'MR_STANDARD_V3' });
    const business = await call(payOrder, payInput(sessionInfo, { accountType: 'business' }));
    expect(business.body.error).toMatchObject({ code: 'INCONSISTENCY' });
    const price = await call(payOrder, payInput(sessionInfo, { price: 100 }));
    expect(price.body.error).toMatchObject({ code: 'INVALID_PRICE' });
    expect((await getPaymentSession(sessionInfo.guid))?.merchantUid).toBeUndefined();

    // Business chosen on the page first (its plan and price shown), the pay command keeps it.
    const changed = await call(changePaymentSessionAccountType, {
      guid: sessionInfo.guid,
      accountType: 'business',
    });
    const ordered = await call(payOrder, payInput(changed.body.sessionInfo, { accountType: 'business' }));
    expect(ordered.body).toMatchObject({ outcome: 'ordered' });
    expect((await getOrder(ordered.body.merchantUid))?.planName).toMatch(/BUSINESS/);
  });

  it('is EXPIRED for a lapsed session, before any check', async () => {
    const buyer = await newCustomer();
    const guid = await lapsedSession(buyer.uid);
    const answer = await call(payOrder, {
      guid,
      price: 9900,
      planName: 'MR_LIGHT_V3',
      payMethod: 'card',
      pg: 'html5_inicis',
      currency: 'KRW',
      userName: 'Kim Buyer',
      userEmail: 'buyer@example.com',
      userPhone: ownPhone(),
    });
    expect(answer.body.error).toMatchObject({ code: 'EXPIRED' });
  });
});
