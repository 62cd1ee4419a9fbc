import { describe, expect, it } from 'vitest';
import { getOrder } from '../../../functions/core/data/order-reads.ts';
import { newGuid } from '../../../functions/core/orders/session-store.ts';
import {
  changePaymentSessionAccountType,
  changePaymentSessionCurrency,
  changePaymentSessionLanguage,
  changePaymentSessionPlan,
  checkCurrencyOption,
  createInitPayment,
  findPaymentInfoByPhoneNumber,
  getPaymentSessionInfo,
} from '../../../shared/api/orders.ts';
import { createInitPlanUpgrade } from '../../../shared/api/upgrades.ts';
import { SESSION_LIFETIME_MS } from '../../../shared/orders/order-rules.ts';
import { testModePrice } from '../../../shared/payments/price-bounds.ts';
import { call, customerToken } from '../helpers.ts';
import {
  checkout,
  confirm,
  lapsedSession,
  newCustomer,
  openSession,
  placeOrder,
  subscriber,
  VISA_OK,
} from './order-helpers.ts';

describe('POST /payment/create-init-payment', () => {
  it('opens a session for the signed-in account, priced in the language’s currency', async () => {
    const buyer = await newCustomer();
    const before = Date.now();
    for (const [language, currency, price] of [
      ['ko', 'KRW', 19900],
      ['ja', 'JPY', 2200],
      ['es', 'USD', 17.99],
    ] as const) {
      const { guid, sessionInfo } = await openSession(buyer, { language, planName: 'MR_STANDARD_V3' });
      expect(guid).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(sessionInfo).toMatchObject({
        guid,
        language,
        currency,
        isCustom: false,
        showAccountType: true,
        couponAllowed: true,
        accountInfo: { userName: buyer.name, email: buyer.email },
        planPriceInfo: { name: 'MR_STANDARD_V3', isSubscription: true },
        planUsageInfo: { planType: 'STANDARD' },
        planTypesOffered: ['LIGHT', 'STANDARD'],
        price: {
          listPrice: price,
          finalPrice: price,
          chargedPrice: price,
          discountSource: 'none',
          payable: true,
        },
      });
      expect(sessionInfo.expiresAt).toBeGreaterThanOrEqual(before + SESSION_LIFETIME_MS);
    }
  });

  it('offers BUSINESS at the price version 1, and starts on the first plan without one', async () => {
    const buyer = await newCustomer();
    const { sessionInfo } = await openSession(buyer, { priceVersion: '1' });
    expect(sessionInfo.planTypesOffered).toEqual(['LIGHT', 'STANDARD', 'BUSINESS']);
    expect(sessionInfo.planPriceInfo.name).toBe('MR_LIGHT_V3');
    expect(sessionInfo.planPriceInfos.map((plan) => plan.name)).toContain('Y3_BUSINESS');
  });

  it('refuses a caller without a token, a uid that is not the token’s, and a plan not offered', async () => {
    const buyer = await newCustomer();
    const input = { clientType: 'landing', language: 'ko' };
    expect(await call(createInitPayment, input)).toMatchObject({
      status: 401,
      body: { error: { code: 'AUTHORIZATION' } },
    });
    expect(
      await call(createInitPayment, { ...input, uid: 'someone-else' }, { token: buyer.token }),
    ).toMatchObject({
      status: 401,
      body: { error: { code: 'AUTHORIZATION' } },
    });
    const business = await call(
      createInitPayment,
      { ...input, planName: 'MR_BUSINESS_V3' },
      { token: buyer.token },
    );
    expect(business).toMatchObject({ status: 400, body: { error: { code: 'INVALID_ARGUMENT' } } });
    const legacy = await call(
      createInitPayment,
      { ...input, planName: 'MR_LIGHT_V2' },
      { token: buyer.token },
    );
    expect(legacy.body.error.code).toBe('INVALID_ARGUMENT');
    expect((await call(createInitPayment, input, { token: await customerToken() })).body.error.code).toBe(
      'AUTHORIZATION',
    );
  });

  it('refuses an account whose e-mail is not verified', async () => {
    const buyer = await newCustomer({ emailVerified: false });
    const answer = await call(
      createInitPayment,
      { clientType: 'landing', language: 'ko' },
      { token: buyer.token },
    );
    expect(answer).toMatchObject({ status: 403, body: { error: { code: 'USER_VERIFICATION_NEEDED' } } });
  });

  it('refuses an account that holds an active plan, naming it', async () => {
    const buyer = await newCustomer();
    const { sessionInfo } = await openSession(buyer, { planName: 'Y1_LIGHT_V3' });
    const order = await placeOrder(sessionInfo, 'card');
    await checkout(sessionInfo, order, 'card', VISA_OK);
    expect((await confirm(sessionInfo.guid, order.merchantUid)).body.result).toBe('success');
    const answer = await call(
      createInitPayment,
      { clientType: 'landing', language: 'ko' },
      { token: buyer.token },
    );
    expect(answer).toMatchObject({
      status: 409,
      body: { error: { code: 'USER_ALREADY_SUBSCRIBED', planName: 'Y1_LIGHT_V3', isSubscription: false } },
    });
  });

  it('sells a partner’s members its rate, and the special referral type only its CUSTOM plans', async () => {
    const classu = await newCustomer({ referralType: 'classu' });
    const { sessionInfo } = await openSession(classu, { planName: 'MR_STANDARD_V3' });
    expect(sessionInfo).toMatchObject({
      referralType: 'classu',
      referral: { label: 'CLASSU', discountPercent: 10, priceDisplay: 'strikethrough' },
      showAccountType: false,
      price: { listPrice: 19900, finalPrice: 17910, discountRate: 10, discountSource: 'referral' },
    });
    const manebi = await newCustomer({ referralType: 'manebi' });
    const custom = await openSession(manebi, { language: 'en' });
    expect(custom.sessionInfo).toMatchObject({
      isCustom: true,
      planTypesOffered: ['CUSTOM'],
      planPriceInfo: { name: 'Y1_BUSINESS_MANEBI', planType: 'CUSTOM' },
      showAccountType: false,
      couponAllowed: false,
      price: { finalPrice: 323.88 },
    });
  });
});

describe('POST /payment/get-payment-session-info', () => {
  it('answers the session, in test mode with the test-range charge', async () => {
    const { guid } = await openSession(await newCustomer(), { planName: 'MR_LIGHT_V3' });
    const answer = await call(getPaymentSessionInfo, { guid, isTest: true });
    expect(answer.status).toBe(200);
    expect(answer.body.sessionInfo.price).toMatchObject({
      finalPrice: 9900,
      chargedPrice: testModePrice(9900, 'KRW'),
    });
  });

  it('refuses a malformed request (INVALID_ARGUMENT)', async () => {
    const { guid } = await openSession(await newCustomer());
    expect(await call(getPaymentSessionInfo, { guid, isTest: 'yes' })).toMatchObject({
      status: 400,
      body: { error: { code: 'INVALID_ARGUMENT' } },
    });
  });

  it('refuses a malformed guid (AUTHORIZATION) and an unknown or lapsed one (EXPIRED)', async () => {
    expect(await call(getPaymentSessionInfo, { guid: 'short' })).toMatchObject({
      status: 401,
      body: { error: { code: 'AUTHORIZATION' } },
    });
    expect(await call(getPaymentSessionInfo, { guid: newGuid() })).toMatchObject({
      status: 410,
      body: { error: { code: 'EXPIRED' } },
    });
    const guid = await lapsedSession((await newCustomer()).uid);
    expect(await call(getPaymentSessionInfo, { guid })).toMatchObject({
      status: 410,
      body: { error: { code: 'EXPIRED' } },
    });
    expect((await call(changePaymentSessionPlan, { guid, planName: 'MR_STANDARD_V3' })).body.error.code).toBe(
      'EXPIRED',
    );
  });
});

describe('the session recomputes', () => {
  it('changes the plan among those offered only', async () => {
    const { guid } = await openSession(await newCustomer(), { planName: 'MR_LIGHT_V3' });
    const changed = await call(changePaymentSessionPlan, { guid, planName: 'Y1_STANDARD_V3' });
    expect(changed.body.sessionInfo).toMatchObject({
      planPriceInfo: { name: 'Y1_STANDARD_V3', isSubscription: false },
      price: { finalPrice: 238800 },
    });
    const refused = await call(changePaymentSessionPlan, { guid, planName: 'Y1_BUSINESS_V3' });
    expect(refused).toMatchObject({ status: 400, body: { error: { code: 'INVALID_ARGUMENT' } } });
    const stored = await call(getPaymentSessionInfo, { guid });
    expect(stored.body.sessionInfo.planPriceInfo.name).toBe('Y1_STANDARD_V3');
  });

  it('changes the currency among the session’s options (won or dollars on the Korean site)', async () => {
    const { guid } = await openSession(await newCustomer(), { planName: 'MR_LIGHT_V3' });
    const dollars = await call(changePaymentSessionCurrency, { guid, currency: 'USD' });
    expect(dollars.body.sessionInfo).toMatchObject({ currency: 'USD', price: { finalPrice: 8.99 } });
    const yen = await call(changePaymentSessionCurrency, { guid, currency: 'JPY' });
    expect(yen).toMatchObject({ status: 400, body: { error: { code: 'INVALID_ARGUMENT' } } });
    const japanese = await openSession(await newCustomer(), { language: 'ja' });
    const won = await call(changePaymentSessionCurrency, { guid: japanese.guid, currency: 'KRW' });
    expect(won.body.error.code).toBe('INVALID_ARGUMENT');
  });

  it('switches a business account to BUSINESS and restores the previous plan for an individual', async () => {
    const { guid } = await openSession(await newCustomer(), { planName: 'YR_STANDARD_V3' });
    const business = await call(changePaymentSessionAccountType, { guid, accountType: 'business' });
    expect(business.body.sessionInfo).toMatchObject({
      accountType: 'business',
      planTypesOffered: ['BUSINESS'],
      planPriceInfo: { name: 'YR_BUSINESS_V3' },
    });
    const back = await call(changePaymentSessionAccountType, { guid, accountType: 'individual' });
    expect(back.body.sessionInfo).toMatchObject({
      accountType: 'individual',
      planPriceInfo: { name: 'YR_STANDARD_V3' },
      planTypesOffered: ['LIGHT', 'STANDARD'],
    });
  });

  it('has no account type for CUSTOM plans nor for a partner’s rate', async () => {
    const { guid } = await openSession(await newCustomer({ referralType: 'malgnsoft' }));
    const answer = await call(changePaymentSessionAccountType, { guid, accountType: 'business' });
    expect(answer.body.error.code).toBe('INVALID_ARGUMENT');
  });
});

describe('POST /payment/change-payment-session-language', () => {
  it('makes an order session follow the page’s language: currency, options, wallet and the order’s mails', async () => {
    const buyer = await newCustomer();
    const { guid, sessionInfo } = await openSession(buyer, { planName: 'MR_LIGHT_V3' });
    expect(sessionInfo).toMatchObject({ language: 'ko', currency: 'KRW', showNaverPay: true });

    const english = await call(changePaymentSessionLanguage, { guid, language: 'en' });
    expect(english.body.sessionInfo).toMatchObject({
      language: 'en',
      currency: 'USD',
      currencyOptions: ['USD'],
      showNaverPay: false,
      price: { finalPrice: 8.99 },
    });
    const stored = (await call(getPaymentSessionInfo, { guid })).body.sessionInfo;
    expect(stored).toMatchObject({ language: 'en', currency: 'USD' });
    const order = await placeOrder(stored, 'card');
    expect(await getOrder(order.merchantUid)).toMatchObject({ language: 'en', currency: 'USD' });

    const korean = await call(changePaymentSessionLanguage, { guid, language: 'ko' });
    expect(korean.body.sessionInfo).toMatchObject({
      language: 'ko',
      currency: 'KRW',
      currencyOptions: ['KRW', 'USD'],
      showNaverPay: true,
      price: { finalPrice: 9900 },
    });
  });

  it('keeps an upgrade in its plan’s currency and answers its upgrade data again', async () => {
    const buyer = await subscriber('MR_LIGHT_V3');
    const opened = await call(
      createInitPlanUpgrade,
      { clientType: 'landing', language: 'ko' },
      { token: buyer.token },
    );
    const { guid } = opened.body;
    const japanese = await call(changePaymentSessionLanguage, { guid, language: 'ja' });
    expect(japanese.body.sessionInfo).toMatchObject({
      language: 'ja',
      currency: 'KRW',
      planUpgradeData: { previousPlanName: 'MR_LIGHT_V3', previousCurrency: 'KRW' },
    });
    expect(japanese.body.sessionInfo.planUpgradeData.refundAmount).toBeGreaterThan(0);
  });

  it('refuses a language the site does not have and a lapsed session, changing nothing', async () => {
    const buyer = await newCustomer();
    const { guid } = await openSession(buyer);
    expect(await call(changePaymentSessionLanguage, { guid, language: 'fr' })).toMatchObject({
      status: 400,
      body: { error: { code: 'INVALID_ARGUMENT' } },
    });
    expect((await call(getPaymentSessionInfo, { guid })).body.sessionInfo.language).toBe('ko');
    const lapsed = await lapsedSession(buyer.uid);
    expect(await call(changePaymentSessionLanguage, { guid: lapsed, language: 'en' })).toMatchObject({
      body: { error: { code: 'EXPIRED' } },
    });
  });
});

describe('POST /payment/check-currency-option', () => {
  it('offers no choice to a visitor in Korea, nor on another language', async () => {
    expect((await call(checkCurrencyOption, { language: 'ko' })).body).toEqual({ show: false });
    expect((await call(checkCurrencyOption, { language: 'en' })).body).toEqual({ show: false });
    expect((await call(checkCurrencyOption, { language: 'xx' })).body.error.code).toBe('INVALID_ARGUMENT');
  });
});

describe('POST /payment/find-payment-info-by-phone-number', () => {
  it('tells whether another account paid with the number, its address masked', async () => {
    const phone = `+8210${String(Date.now()).slice(-8)}`;
    const first = await newCustomer();
    const { sessionInfo } = await openSession(first, { planName: 'Y1_LIGHT_V3' });
    const ask = (guid: string) => call(findPaymentInfoByPhoneNumber, { guid, phoneNumber: phone });
    expect((await ask(sessionInfo.guid)).body).toEqual({ isUsed: false });
    const order = await placeOrder(sessionInfo, 'card', { userPhone: phone });
    await checkout(sessionInfo, order, 'card', VISA_OK);
    await confirm(sessionInfo.guid, order.merchantUid);
    const second = await openSession(await newCustomer(), { planName: 'Y1_LIGHT_V3' });
    const used = await ask(second.guid);
    expect(used.body.isUsed).toBe(true);
    expect(used.body.email).toMatch(/^bu\*+@example\.com$/);
    const bad = await call(findPaymentInfoByPhoneNumber, { guid: second.guid, phoneNumber: '010-1234' });
    expect(bad.body.error.code).toBe('INVALID_ARGUMENT');
  });
});
