import { describe, expect, it } from 'vitest';
import { BUILT_IN_PLAN_PRICES, BUILT_IN_PLAN_USAGES } from '../../../../shared/plans/price-book.ts';
import { expectedPlanTypes, plansForTab, pricingPriceVersion, tabsFor } from './plan-display.ts';

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

describe('the plans a pricing page shows', () => {
  it('follows the price version without upgrade data, and shows every tier when upgrading', () => {
    expect(expectedPlanTypes(pricingPriceVersion(undefined, false))).toEqual(['LIGHT', 'STANDARD']);
    expect(expectedPlanTypes(pricingPriceVersion('1', false))).toEqual(['LIGHT', 'STANDARD', 'BUSINESS']);
    expect(expectedPlanTypes(pricingPriceVersion(undefined, true))).toEqual([
      'LIGHT',
      'STANDARD',
      'BUSINESS',
    ]);
  });
});
