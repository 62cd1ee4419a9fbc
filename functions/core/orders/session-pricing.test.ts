import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlanPriceInfo } from '../../../shared/plans/plan-types.ts';
import {
  BUILT_IN_PLAN_PRICES,
  BUILT_IN_PLAN_USAGES,
  DEFAULT_CUSTOM_PLAN_USAGE,
  PARTNER_CATALOGUES,
} from '../../../shared/plans/price-book.ts';
import type { CouponRules } from '../data/coupon-repository.ts';
import type { PaymentSession } from '../data/payment-session-repository.ts';
import type { Payment, UserPlan } from '../data/user-plan-repository.ts';
import type { User } from '../data/user-repository.ts';
import {
  acceptedPrice,
  couponCovers,
  isOperatorLink,
  planRenewalQuote,
  renewalPrice,
  type SessionReads,
  sessionBonusQuota,
  sessionContext,
  sessionInfoOf,
  sessionPrice,
  testModeAllowed,
  upgradeContext,
  walletOffered,
} from './session-pricing.ts';

/** Pricing a session from what was read for it: no table, only the session's choices and the reads. */
const NOW = Date.UTC(2026, 0, 1);
const DAY = 86_400_000;

const session = (choices: Partial<PaymentSession> = {}) =>
  ({
    guid: 'g'.repeat(32),
    uid: 'buyer',
    clientType: 'web',
    language: 'ko',
    createdStatus: 'init',
    purpose: 'order',
    catalogue: 'default',
    planName: 'MR_STANDARD_V3',
    currency: 'KRW',
    expiresAt: NOW + 60_000,
    created: NOW,
    updated: NOW,
    ...choices,
  }) as PaymentSession;

const buyer = { uid: 'buyer', name: 'Kim', email: 'kim@example.com', emailVerified: true } as User;

const reads = (overrides: Partial<SessionReads> = {}): SessionReads => ({
  user: buyer,
  catalogue: { prices: [...BUILT_IN_PLAN_PRICES], usages: [...BUILT_IN_PLAN_USAGES], customPlans: [] },
  coupon: undefined,
  walletSwitch: undefined,
  upgrade: undefined,
  preregistration: undefined,
  ...overrides,
});

const priced = (choices: Partial<PaymentSession> = {}, overrides: Partial<SessionReads> = {}, now = NOW) =>
  sessionContext(session(choices), reads(overrides), now);

/** SPRING2026: 25% off MR_STANDARD_V3 (the console's discounted prices), a bonus on MR_LIGHT_V3. */
const spring = (
  window: { startedAt: number; expiredAt: number } = { startedAt: NOW - DAY, expiredAt: NOW + DAY },
) =>
  ({
    coupon: {
      couponCode: 'SPRING2026',
      name: 'Spring',
      totalAmount: 100,
      remainAmount: 50,
      description: '',
      created: NOW - 2 * DAY,
      ...window,
    },
    discounts: [
      {
        couponCode: 'SPRING2026',
        planName: 'MR_STANDARD_V3',
        rate: 25,
        priceKo: 14925,
        priceJa: 1650,
        priceEn: 13.49,
        created: NOW - 2 * DAY,
      },
    ],
    bonusQuotas: [
      { couponCode: 'SPRING2026', planName: 'MR_LIGHT_V3', quota: { STT: 600 }, created: NOW - 2 * DAY },
    ],
  }) as CouponRules;

/** A monthly Light subscription paid 20 December 10:00 in Seoul: 31 days, 13 of them used on 1 January. */
const lightPlan = (overrides: Partial<UserPlan> = {}) =>
  ({
    uid: 'buyer',
    planId: 'ord_light',
    planName: 'MR_LIGHT_V3',
    planType: 'LIGHT',
    period: 'MONTHLY',
    isSubscription: true,
    catalogue: 'default',
    paidAt: Date.UTC(2025, 11, 20, 1),
    expiredAt: Date.UTC(2026, 0, 20, 1),
    planStatus: 'PAID',
    customerUid: 'cus_light',
    price: 9900,
    payMethod: 'card',
    pg: 'html5_inicis',
    currency: 'KRW',
    isTest: false,
    ...overrides,
  }) as UserPlan;
const lightPayment = {
  userName: 'Kim Payer',
  userEmail: 'payer@example.com',
  userPhone: '+821099998888',
} as Payment;
const head = (plan: UserPlan) => ({
  uid: plan.uid,
  version: 3,
  currentPlanId: plan.planId,
  currentExpiredAt: plan.expiredAt,
  updated: NOW,
});
const upgradeOf = (plan: UserPlan) =>
  upgradeContext({ replaced: plan, head: head(plan), payment: lightPayment }, NOW);

/** An operator's custom plan, sold by an order link from the operator's catalogue. */
const customPlan: PlanPriceInfo = {
  name: 'Y1_PLUS_ACME',
  planType: 'CUSTOM',
  period: 'ONE_YEAR',
  isSubscription: false,
  priceKo: 990000,
  priceJa: 110000,
  priceEn: 899.99,
};
const customCatalogue = { prices: [customPlan], usages: [DEFAULT_CUSTOM_PLAN_USAGE], customPlans: [] };

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the plans a session offers', () => {
  it('are those of the customer’s catalogue and price version, and a plan outside them is refused', () => {
    expect(priced().offered.map((plan) => plan.planType)).not.toContain('BUSINESS');
    expect(priced({ priceVersion: '1' }).offered.map((plan) => plan.name)).toContain('MR_BUSINESS_V3');
    expect(() => priced({ planName: 'MR_BUSINESS_V3' })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
    expect(() => priced({ planName: 'NO_SUCH_PLAN' })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
  });

  it('are exactly the plan of an operator’s order link, whichever catalogue holds it', () => {
    expect(isOperatorLink({ createdStatus: 'init' })).toBe(false);
    expect(isOperatorLink({ createdStatus: 'init_custom' })).toBe(true);
    const link = priced({ createdStatus: 'init_custom', planName: 'Y3_BUSINESS' });
    expect(link.offered.map((plan) => plan.name)).toEqual(['Y3_BUSINESS']);
    const info = sessionInfoOf(link, false);
    expect(info.planTypesOffered).toEqual(['BUSINESS']);
    expect(info.showAccountType).toBe(false);
  });

  it('are the plan of a change of card only', () => {
    const change = priced({ purpose: 'change-card', planName: 'MR_BUSINESS_V3' });
    expect(change.offered.map((plan) => plan.name)).toEqual(['MR_BUSINESS_V3']);
  });

  it('are the subscriptions above the plan an upgrade replaces, their types in tier order', () => {
    const fromStandard = lightPlan({ planName: 'MR_STANDARD_V3', planType: 'STANDARD', price: 19900 });
    const ctx = priced(
      { purpose: 'upgrade', planName: 'MR_BUSINESS_V3' },
      { upgrade: upgradeOf(fromStandard) },
    );
    expect(ctx.offered.map((plan) => plan.name)).toEqual([
      'YR_STANDARD_V3',
      'MR_BUSINESS_V3',
      'YR_BUSINESS_V3',
    ]);
    expect(sessionInfoOf(ctx, false).planTypesOffered).toEqual(['STANDARD', 'BUSINESS']);
  });
});

describe('what a session is priced with', () => {
  it('needs the account and the plan’s quotas', () => {
    expect(() => priced({}, { user: undefined })).toThrow(expect.objectContaining({ code: 'AUTHORIZATION' }));
    const noUsages = { prices: [...BUILT_IN_PLAN_PRICES], usages: [], customPlans: [] };
    expect(() => priced({}, { catalogue: noUsages })).toThrow(expect.objectContaining({ code: 'DB_ERROR' }));
    expect(priced().usage).toEqual(BUILT_IN_PLAN_USAGES.find((usage) => usage.planType === 'STANDARD'));
  });

  it('keeps the coupon only inside its window, both ends included: one that expires meanwhile no longer discounts', () => {
    const window = { startedAt: NOW - DAY, expiredAt: NOW + DAY };
    expect(priced({}, { coupon: spring(window) }, window.startedAt).coupon).toBeDefined();
    expect(priced({}, { coupon: spring(window) }, window.expiredAt).coupon).toBeDefined();
    const expired = priced({}, { coupon: spring(window) }, window.expiredAt + 1);
    expect(expired.coupon).toBeUndefined();
    expect(sessionPrice(expired, false).finalPrice).toBe(19900);
    expect(sessionInfoOf(expired, false).couponInfo).toBeUndefined();
    expect(priced({}, { coupon: spring(window) }, window.startedAt - 1).coupon).toBeUndefined();
  });

  it('takes the preregistration coupon’s rate while it is unused', () => {
    expect(
      priced({}, { preregistration: { discountPercent: 30, created: NOW } }).preregistrationPercent,
    ).toBe(30);
    const used = { discountPercent: 30, created: NOW - DAY, used: NOW };
    expect(priced({}, { preregistration: used }).preregistrationPercent).toBeUndefined();
  });

  it('offers the wallet unless its switch is set to off, however written', () => {
    expect(priced().walletAllowed).toBe(true);
    expect(priced({}, { walletSwitch: 'on' }).walletAllowed).toBe(true);
    expect(priced({}, { walletSwitch: ' OFF ' }).walletAllowed).toBe(false);
    expect(priced({}, { walletSwitch: 'off' }).walletAllowed).toBe(false);
  });
});

describe('an upgrade', () => {
  it('is of the account’s current plan while it may still be upgraded', () => {
    const plan = lightPlan();
    const refused = expect.objectContaining({ code: 'UPGRADE_NOT_ALLOWED' });
    expect(() =>
      upgradeContext({ replaced: undefined, head: head(plan), payment: lightPayment }, NOW),
    ).toThrow(refused);
    const replacedMeanwhile = { ...head(plan), currentPlanId: 'ord_other' };
    expect(() =>
      upgradeContext({ replaced: plan, head: replacedMeanwhile, payment: lightPayment }, NOW),
    ).toThrow(refused);
    expect(() => upgradeContext({ replaced: plan, head: undefined, payment: lightPayment }, NOW)).toThrow(
      refused,
    );
    const held = lightPlan({ planStatus: 'HOLD' });
    expect(() => upgradeContext({ replaced: held, head: head(held), payment: lightPayment }, NOW)).toThrow(
      refused,
    );
    expect(() => upgradeContext({ replaced: plan, head: head(plan), payment: undefined }, NOW)).toThrow(
      expect.objectContaining({ code: 'DB_ERROR' }),
    );
  });

  it('credits the unused days of the plan it replaces and is paid for by that plan’s payer', () => {
    // 18 of 31 days ahead: 9900 x 18 / 31, floored.
    expect(upgradeOf(lightPlan())).toEqual({
      replaced: lightPlan(),
      credit: 5748,
      paidUser: { name: 'Kim Payer', email: 'payer@example.com', phone: '+821099998888' },
    });
  });

  it('costs the new plan’s price less the credit, with no preregistration rate', () => {
    const ctx = priced(
      { purpose: 'upgrade', planName: 'MR_STANDARD_V3' },
      { upgrade: upgradeOf(lightPlan()), preregistration: { discountPercent: 30, created: NOW } },
    );
    expect(sessionPrice(ctx, false)).toMatchObject({
      listPrice: 19900,
      finalPrice: 14152,
      credit: 5748,
      discountSource: 'none',
      charge: { kind: 'payable', amount: 14152 },
    });
    expect(acceptedPrice(ctx, 14152, false).amount).toBe(14152);
    const dollars = priced(
      { purpose: 'upgrade', planName: 'MR_STANDARD_V3', currency: 'USD' },
      { upgrade: upgradeOf(lightPlan({ price: 8.99, currency: 'USD' })) },
    );
    expect(sessionPrice(dollars, false)).toMatchObject({ credit: 5.22, finalPrice: 12.77 });
  });

  it('shows the plan it replaces, no coupon and no account type, and renews at the new plan’s full price', () => {
    const ctx = priced(
      { purpose: 'upgrade', planName: 'MR_STANDARD_V3' },
      { upgrade: upgradeOf(lightPlan()) },
    );
    const info = sessionInfoOf(ctx, false);
    expect(info.planUpgradeData).toEqual({
      previousPrice: 9900,
      previousPlanName: 'MR_LIGHT_V3',
      previousPlanType: 'LIGHT',
      previousPlanPerod: 'MONTHLY',
      previousCurrency: 'KRW',
      previousPayMethod: 'card',
      refundAmount: 5748,
      customerUid: 'cus_light',
      paidUserInfo: { name: 'Kim Payer', email: 'payer@example.com', phone: '+821099998888' },
    });
    expect(info.planTypesOffered).toEqual(['LIGHT', 'STANDARD', 'BUSINESS']);
    expect(info).toMatchObject({ couponAllowed: false, showAccountType: false });
    expect(info.preregisteredPercent).toBeUndefined();
    expect(info.price).toMatchObject({ finalPrice: 14152, credit: 5748, payable: true, chargedPrice: 14152 });
    expect(renewalPrice(ctx)).toBe(19900);
    const wallet = priced(
      { purpose: 'upgrade', planName: 'MR_STANDARD_V3' },
      { upgrade: upgradeOf(lightPlan({ payMethod: 'naver_pay', customerUid: undefined })) },
    );
    expect(sessionInfoOf(wallet, false).planUpgradeData?.customerUid).toBeUndefined();
  });
});

describe('a session’s price', () => {
  it('is the catalogue price in the session’s currency', () => {
    expect(sessionPrice(priced(), false).finalPrice).toBe(19900);
    expect(sessionPrice(priced({ currency: 'USD' }), false).finalPrice).toBe(17.99);
  });

  it('takes a partner’s rate, and the preregistration rate of a new order only when it is lower', () => {
    const partner = reads({ user: { ...buyer, referralType: 'classu' } as User });
    expect(sessionPrice(sessionContext(session(), partner, NOW), false).finalPrice).toBe(17910);
    const preregistered = { preregistration: { discountPercent: 20, created: NOW } };
    expect(sessionPrice(priced({}, preregistered), false)).toMatchObject({
      finalPrice: 15920,
      discountSource: 'preregistration',
    });
  });

  it('takes no partner rate on a custom plan, which carries the price agreed', () => {
    const classuLink = priced(
      { createdStatus: 'init_custom', catalogue: 'operator', planName: 'Y1_PLUS_ACME' },
      { user: { ...buyer, referralType: 'classu' } as User, catalogue: customCatalogue },
    );
    expect(sessionPrice(classuLink, false)).toMatchObject({ finalPrice: 990000, discountSource: 'none' });
  });

  it('takes no preregistration rate on a custom plan, nor on a change of card', () => {
    const preregistration = { discountPercent: 30, created: NOW };
    const customLink = priced(
      { createdStatus: 'init_custom', catalogue: 'operator', planName: 'Y1_PLUS_ACME' },
      { catalogue: customCatalogue, preregistration },
    );
    expect(sessionPrice(customLink, false).finalPrice).toBe(990000);
    const change = priced({ purpose: 'change-card', planName: 'MR_STANDARD_V3' }, { preregistration });
    expect(sessionPrice(change, false).finalPrice).toBe(19900);
  });

  it('takes the coupon’s discounted price of the session’s plan only', () => {
    expect(sessionPrice(priced({}, { coupon: spring() }), false)).toMatchObject({
      finalPrice: 14925,
      discountRate: 25,
      discountSource: 'coupon',
    });
    expect(sessionPrice(priced({ planName: 'MR_LIGHT_V3' }, { coupon: spring() }), false).finalPrice).toBe(
      9900,
    );
    const annual = priced({ planName: 'YR_STANDARD_V3' }, { coupon: spring() });
    expect(sessionPrice(annual, false).finalPrice).toBe(199000);
  });

  it('is charged in the test range in test mode', () => {
    // 2000 + (19900 - 7900) x (5000 - 2000) / (1436400 - 7900), rounded (section 5's ranges).
    expect(sessionPrice(priced(), true).charge).toEqual({ kind: 'payable', amount: 2025 });
  });
});

describe('the price the browser claims', () => {
  it('is accepted only when it is the session’s price, in the currency’s precision', () => {
    const ctx = priced();
    expect(acceptedPrice(ctx, 19900, false)).toMatchObject({ amount: 19900, finalPrice: 19900 });
    expect(acceptedPrice(ctx, 19900, true).amount).toBe(2025);
    const refused = expect.objectContaining({ code: 'INVALID_PRICE' });
    expect(() => acceptedPrice(ctx, 9900, false)).toThrow(refused);
    expect(() => acceptedPrice(ctx, 19900.5, false)).toThrow(refused);
  });

  it('cannot be paid when there is nothing to pay', () => {
    const free = spring();
    free.discounts = [{ ...(free.discounts[0] as CouponRules['discounts'][number]), rate: 100, priceKo: 0 }];
    const ctx = priced({}, { coupon: free });
    expect(() => acceptedPrice(ctx, 0, false)).toThrow(expect.objectContaining({ code: 'INVALID_PRICE' }));
    expect(sessionInfoOf(ctx, false).price).toMatchObject({ finalPrice: 0, payable: false, chargedPrice: 0 });
  });
});

describe('what a subscription renews at', () => {
  it('is the plan’s price with the partner’s rate, without the coupon or the preregistration (first period only)', () => {
    const classu = { ...buyer, referralType: 'classu' } as User;
    expect(renewalPrice(priced({}, { user: classu, coupon: spring() }))).toBe(17910);
    expect(renewalPrice(priced({}, { preregistration: { discountPercent: 30, created: NOW } }))).toBe(19900);
    expect(renewalPrice(priced({ currency: 'USD' }, { coupon: spring() }))).toBe(17.99);
  });

  it('is quoted from the table’s list price and the partner’s rate, which a custom plan does not take', () => {
    const light = BUILT_IN_PLAN_PRICES.find((plan) => plan.name === 'YR_LIGHT_V3') as PlanPriceInfo;
    const classu = { label: 'CLASSU', discountPercent: 10, priceDisplay: 'strikethrough' } as const;
    expect(planRenewalQuote(light, 'KRW', classu)).toEqual({
      listPrice: 99000,
      finalPrice: 89100,
      discountRate: 10,
      discountSource: 'referral',
    });
    expect(planRenewalQuote(light, 'KRW', undefined)).toMatchObject({ finalPrice: 99000, discountRate: 0 });
    const custom = PARTNER_CATALOGUES.manebi?.prices[0] as PlanPriceInfo;
    expect(planRenewalQuote(custom, 'KRW', classu).finalPrice).toBe(custom.priceKo);
  });
});

describe('a coupon’s bonus quota', () => {
  it('is the coupon’s for the session’s plan, if it has one', () => {
    expect(sessionBonusQuota(priced({ planName: 'MR_LIGHT_V3' }, { coupon: spring() }))).toEqual({
      STT: 600,
    });
    expect(sessionBonusQuota(priced({}, { coupon: spring() }))).toBeUndefined();
    expect(sessionBonusQuota(priced())).toBeUndefined();
    expect(
      sessionInfoOf(priced({ planName: 'MR_LIGHT_V3' }, { coupon: spring() }), false).bonusQuota,
    ).toEqual({
      STT: 600,
    });
    expect(sessionInfoOf(priced({}, { coupon: spring() }), false).bonusQuota).toBeUndefined();
  });

  it('covers a plan through a discount or a bonus', () => {
    expect(couponCovers(spring(), 'MR_STANDARD_V3')).toBe(true);
    expect(couponCovers(spring(), 'MR_LIGHT_V3')).toBe(true);
    expect(couponCovers(spring(), 'YR_LIGHT_V3')).toBe(false);
    expect(couponCovers(undefined, 'MR_LIGHT_V3')).toBe(false);
  });
});

describe('the wallet', () => {
  it('is offered for a KRW subscription on the Korean site, while its switch is on', () => {
    expect(walletOffered(priced())).toBe(true);
    expect(walletOffered(priced({ currency: 'USD' }))).toBe(false);
    expect(walletOffered(priced({ language: 'en' }))).toBe(false);
    expect(walletOffered(priced({ planName: 'Y1_STANDARD_V3' }))).toBe(false);
    expect(walletOffered(priced({}, { walletSwitch: 'off' }))).toBe(false);
  });

  it('pays an upgrade exactly when it paid the plan replaced', () => {
    const upgrade = { purpose: 'upgrade' as const, planName: 'MR_STANDARD_V3', language: 'en' as const };
    const byWallet = upgradeOf(lightPlan({ payMethod: 'naver_pay' }));
    expect(walletOffered(priced(upgrade, { upgrade: byWallet }))).toBe(true);
    expect(walletOffered(priced({ purpose: 'upgrade' }, { upgrade: upgradeOf(lightPlan()) }))).toBe(false);
    expect(sessionInfoOf(priced(upgrade, { upgrade: byWallet }), false).showNaverPay).toBe(true);
  });
});

describe('test mode', () => {
  it('is open anywhere but the release level, and there to operators and the purchase canary only', () => {
    vi.stubEnv('STAGE', 'dev');
    expect(testModeAllowed(buyer)).toBe(true);
    vi.stubEnv('STAGE', 'release');
    expect(testModeAllowed(buyer)).toBe(false);
    expect(testModeAllowed({ ...buyer, adminLevel: 1 } as User)).toBe(true);
    expect(testModeAllowed({ ...buyer, testAccount: true } as User)).toBe(true);
    expect(testModeAllowed({ ...buyer, testAccount: false } as User)).toBe(false);
    expect(() => sessionInfoOf(priced(), true)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
    expect(sessionInfoOf(priced(), false).isTest).toBe(false);
    expect(
      sessionInfoOf(priced({}, { user: { ...buyer, adminLevel: 1 } as User }), true).price.chargedPrice,
    ).toBe(2025);
  });
});

describe('what the order page shows', () => {
  it('of a customer’s order: the plan, the account, the currency options, coupons and the account type', () => {
    const info = sessionInfoOf(
      priced({ accountType: 'individual', priceVersion: '1' }, { coupon: spring() }),
      false,
    );
    expect(info).toMatchObject({
      guid: 'g'.repeat(32),
      language: 'ko',
      clientType: 'web',
      isCustom: false,
      isTest: false,
      currency: 'KRW',
      currencyOptions: ['KRW', 'USD'],
      accountInfo: { userName: 'Kim', email: 'kim@example.com' },
      showAccountType: true,
      accountType: 'individual',
      couponAllowed: true,
      priceVersion: '1',
      showNaverPay: true,
      planTypesOffered: ['LIGHT', 'STANDARD', 'BUSINESS'],
      expiresAt: NOW + 60_000,
      price: {
        listPrice: 19900,
        finalPrice: 14925,
        discountRate: 25,
        discountSource: 'coupon',
        chargedPrice: 14925,
        payable: true,
        credit: 0,
      },
    });
    expect(info.planPriceInfo.name).toBe('MR_STANDARD_V3');
    expect(info.planUsageInfo.planType).toBe('STANDARD');
    expect(info.couponInfo?.validPlans).toEqual(['MR_LIGHT_V3', 'MR_STANDARD_V3']);
    expect(info).not.toHaveProperty('referral');
    expect(info).not.toHaveProperty('referralType');
    expect(info).not.toHaveProperty('planUpgradeData');
  });

  it('offers no coupon on a pass the coupons are not for', () => {
    expect(sessionInfoOf(priced({ planName: 'Y3_STANDARD' }), false).couponAllowed).toBe(false);
  });

  it('shows the preregistration rate only when it applies', () => {
    const preregistration = { discountPercent: 20, created: NOW };
    expect(sessionInfoOf(priced({}, { preregistration }), false).preregisteredPercent).toBe(20);
    expect(sessionInfoOf(priced(), false)).not.toHaveProperty('preregisteredPercent');
  });

  it('of a partner’s member: the partner’s price display and no account type (section 2)', () => {
    const classu = { ...buyer, referralType: 'classu', referralCode: 'CL-7' } as User;
    const info = sessionInfoOf(priced({}, { user: classu }), false);
    expect(info).toMatchObject({
      referralType: 'classu',
      referralCode: 'CL-7',
      referral: { label: 'CLASSU', discountPercent: 10, priceDisplay: 'strikethrough' },
      showAccountType: false,
      couponAllowed: true,
    });
    const affiliate = { ...buyer, referralType: 'affiliate' } as User;
    const withoutRate = sessionInfoOf(priced({}, { user: affiliate }), false);
    expect(withoutRate).not.toHaveProperty('referral');
    expect(withoutRate.showAccountType).toBe(true);
  });

  it('of a partner’s custom plan: CUSTOM only, the partner’s label, no coupon and no account type', () => {
    const manebi = { ...buyer, referralType: 'manebi' } as User;
    const catalogue = PARTNER_CATALOGUES.manebi;
    if (!catalogue) throw new Error('manebi sells its own plans');
    const ctx = priced(
      { catalogue: 'manebi', planName: 'Y1_BUSINESS_MANEBI' },
      {
        user: manebi,
        catalogue: { prices: [...catalogue.prices], usages: [...catalogue.usages], customPlans: [] },
      },
    );
    const info = sessionInfoOf(ctx, false);
    expect(info).toMatchObject({
      isCustom: true,
      planTypesOffered: ['CUSTOM'],
      referral: { label: 'manebi', discountPercent: 0, priceDisplay: 'custom-plan' },
      showAccountType: false,
      couponAllowed: false,
    });
    expect(info.price.finalPrice).toBe(360000);
  });
});
