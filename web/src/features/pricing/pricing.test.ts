import { describe, expect, it } from 'vitest';
import { BUILT_IN_PLAN_PRICES, BUILT_IN_PLAN_USAGES } from '../../../../shared/plans/price-book.ts';
import { plansForTab, tabsFor } from './plan-display.ts';
import { startTarget } from './start-plan.ts';

const info = { planPriceInfos: BUILT_IN_PLAN_PRICES, planUsageInfos: BUILT_IN_PLAN_USAGES };

describe('the pricing display', () => {
  it('hides the fixed-term tab in English only', () => {
    expect(tabsFor('en')).toEqual(['monthly', 'annual']);
    for (const lang of ['ko', 'ja', 'es', 'zh-TW'] as const) expect(tabsFor(lang)).toContain('fixedterm');
  });

  it('prices each tab in the language currency: KRW and JPY whole, USD with cents, annual shown per month', () => {
    const monthlyUsd = plansForTab(info, 'monthly', 'en', 'USD');
    expect(monthlyUsd.map((plan) => [plan.planType, plan.mainPrice])).toEqual([
      ['LIGHT', 'US$8.99'],
      ['STANDARD', 'US$17.99'],
      ['BUSINESS', 'US$35.99'],
    ]);
    const annualKrw = plansForTab(info, 'annual', 'ko', 'KRW');
    expect(annualKrw[0]).toMatchObject({ mainPrice: '₩8,250', subPrice: '₩99,000', mainPeriodUnit: 'month' });
    const fixedJpy = plansForTab(info, 'fixedterm', 'ja', 'JPY');
    expect(fixedJpy[0]).toMatchObject({ mainPrice: '¥13,200', subPrice: undefined });
    expect(fixedJpy.every((plan) => plan.planPriceInfo.period === 'ONE_YEAR')).toBe(true);
  });

  it('marks Standard recommended and Business for teams, and shows STT in whole minutes', () => {
    const plans = plansForTab(info, 'monthly', 'ko', 'KRW');
    expect(plans.map((plan) => plan.topLabel)).toEqual([undefined, 'recommended', 'enterprise']);
    expect(plans[0]?.usagePlanFeatures.find((feature) => feature.key === 'stt')?.usage).toBe(600);
  });

  it('shows custom voices only in Korean and Japanese, overdub only in Korean and English', () => {
    const keys = (lang: 'ko' | 'ja' | 'en' | 'es', group: 'usage' | 'extra') =>
      plansForTab(info, 'monthly', lang, 'USD')[0]?.[
        group === 'usage' ? 'usagePlanFeatures' : 'additionalPlanFeatures'
      ].map((feature) => feature.key) ?? [];
    expect(keys('ko', 'usage')).toContain('custom_voice');
    expect(keys('ja', 'usage')).toContain('custom_voice');
    expect(keys('en', 'usage')).not.toContain('custom_voice');
    expect(keys('ko', 'extra')).toContain('overdub');
    expect(keys('en', 'extra')).toContain('overdub');
    expect(keys('ja', 'extra')).not.toContain('overdub');
    expect(keys('es', 'extra')).not.toContain('overdub');
  });

  it('gives Light the export features but not the Standard ones, and paid per-request limits', () => {
    const light = plansForTab(info, 'monthly', 'en', 'USD')[0];
    const usage = (key: string) =>
      light?.additionalPlanFeatures.find((feature) => feature.key === key)?.usage;
    expect(usage('watermark_free_export')).toBe(true);
    expect(usage('usage_eraser')).toBe(false);
    expect(usage('text_to_video_characters')).toBe(10000);
    expect(usage('auto_image_insertion')).toBe(100);
  });
});

describe('the start button', () => {
  const light = { planPriceInfo: BUILT_IN_PLAN_PRICES[0] as (typeof BUILT_IN_PLAN_PRICES)[number] };
  const fixed = {
    planPriceInfo: BUILT_IN_PLAN_PRICES.find(
      (plan) => plan.period === 'ONE_YEAR',
    ) as (typeof BUILT_IN_PLAN_PRICES)[number],
  };

  it('opens sign-in with the chosen plan when there is no session guid', () => {
    expect(startTarget(light, { lang: 'en', search: { priceVersion: '1' }, upgrading: false })).toEqual({
      kind: 'sign-in',
      search: { priceVersion: '1', open: 'signIn', plan: 'MR_LIGHT_V3' },
    });
  });

  it('goes to the subscription, fixed-term or upgrade order page with the guid, plan, test and price version', () => {
    expect(
      startTarget(light, {
        lang: 'ko',
        search: { guid: 'g-1', test: '1', priceVersion: '1' },
        upgrading: false,
      }),
    ).toEqual({
      kind: 'order',
      href: '/ko/payment/order/subscription?guid=g-1&plan=MR_LIGHT_V3&test=1&priceVersion=1',
    });
    expect(startTarget(fixed, { lang: 'ja', search: { guid: 'g-2' }, upgrading: false })).toMatchObject({
      href: '/ja/payment/order/fixedterm?guid=g-2&plan=Y1_LIGHT_V3',
    });
    expect(startTarget(light, { lang: 'en', search: { guid: 'g-3' }, upgrading: true })).toMatchObject({
      href: '/en/payment/upgrade/order/subscription?guid=g-3&plan=MR_LIGHT_V3',
    });
  });
});
