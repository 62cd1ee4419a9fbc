import { type Currency, floorToCurrency, formatPrice, priceIn } from '../../../../shared/currency.ts';
import type { SiteLanguage } from '../../../../shared/languages.ts';
import { BUSINESS_PRICE_VERSION, GIGABYTE } from '../../../../shared/plans/plan-constants.ts';
import {
  hasPaidFeature,
  type PaidFeature,
  paidFeaturesFor,
  perRequestLimit,
  showsCustomVoice,
} from '../../../../shared/plans/plan-features.ts';
import type {
  PlanPeriod,
  PlanPriceInfo,
  PlanType,
  PlanUsageInfo,
} from '../../../../shared/plans/plan-types.ts';
import { planTypesForPriceVersion } from '../../../../shared/plans/plans-offered.ts';

/** The pricing tabs; the fixed-term tab is not offered in English (section 2). */
export const PRICING_TABS = ['monthly', 'annual', 'fixedterm'] as const;
export type PricingTab = (typeof PRICING_TABS)[number];

export function tabsFor(lang: SiteLanguage): PricingTab[] {
  return lang === 'en' ? ['monthly', 'annual'] : [...PRICING_TABS];
}

/** The period each tab shows: the fixed-term tab offers the one-year pass (section 9's default periods). */
export const TAB_PERIOD: Record<PricingTab, PlanPeriod> = {
  monthly: 'MONTHLY',
  annual: 'ANNUAL',
  fixedterm: 'ONE_YEAR',
};

/** One quota row: a number with its unit (STT in whole minutes, storage in GB). */
export interface UsageFeature {
  key: 'stt' | 'tts' | 'translate' | 'genimage' | 'cloud_storage' | 'custom_voice';
  usage: number;
}

export interface ExtraFeature {
  key: PaidFeature | 'text_to_video_characters' | 'auto_image_insertion';
  usage: boolean | number;
}

/** A plan as the pricing page shows it (section 3's plan info for display). */
export interface PlanDisplay {
  planType: PlanType;
  planPriceInfo: PlanPriceInfo;
  planUsageInfo: PlanUsageInfo | undefined;
  mainPrice: string;
  /** The annual price for an annual subscription (its main price is per month); absent otherwise. */
  subPrice: string | undefined;
  mainPeriodUnit: 'month' | 'year';
  currencyUnit: Currency;
  topLabel: 'recommended' | 'enterprise' | undefined;
  usagePlanFeatures: UsageFeature[];
  additionalPlanFeatures: ExtraFeature[];
}

/** The quota rows a language shows (custom voices only in Korean and Japanese). */
export function usageKeys(lang: SiteLanguage): UsageFeature['key'][] {
  const keys: UsageFeature['key'][] = ['stt', 'tts', 'translate', 'genimage', 'cloud_storage'];
  return showsCustomVoice(lang) ? [...keys, 'custom_voice'] : keys;
}

export function usageFeatures(usage: PlanUsageInfo | undefined, lang: SiteLanguage): UsageFeature[] {
  if (!usage) return [];
  const rows: UsageFeature[] = [
    { key: 'stt', usage: Math.floor(usage.sttUsage / 60) },
    { key: 'tts', usage: usage.ttsUsage },
    { key: 'translate', usage: usage.translateUsage },
    { key: 'genimage', usage: usage.genimageUsage },
    { key: 'cloud_storage', usage: Math.floor(usage.cloudStorageUsage / GIGABYTE) },
  ];
  if (showsCustomVoice(lang)) rows.push({ key: 'custom_voice', usage: usage.userTTSSpeakerUsage });
  return rows;
}

export function extraFeatures(planType: PlanType, lang: SiteLanguage): ExtraFeature[] {
  return [
    ...paidFeaturesFor(lang).map((feature) => ({
      key: feature.key,
      usage: hasPaidFeature(planType, feature.key),
    })),
    { key: 'text_to_video_characters', usage: perRequestLimit(planType, 'text_to_video_characters') },
    { key: 'auto_image_insertion', usage: perRequestLimit(planType, 'auto_image_insertion') },
  ];
}

/** The plans of a tab, in tier order, priced in the currency (annual shown per month: price / 12). */
export function plansForTab(
  info: { planPriceInfos: readonly PlanPriceInfo[]; planUsageInfos: readonly PlanUsageInfo[] },
  tab: PricingTab,
  lang: SiteLanguage,
  currency: Currency,
): PlanDisplay[] {
  const order: PlanType[] = ['FREE', 'LIGHT', 'STANDARD', 'BUSINESS', 'CUSTOM'];
  return info.planPriceInfos
    .filter((plan) => plan.period === TAB_PERIOD[tab])
    .sort((a, b) => order.indexOf(a.planType) - order.indexOf(b.planType))
    .map((plan) => {
      const price = priceIn(plan, currency);
      const annual = plan.period === 'ANNUAL';
      const usage = info.planUsageInfos.find((candidate) => candidate.planType === plan.planType);
      return {
        planType: plan.planType,
        planPriceInfo: plan,
        planUsageInfo: usage,
        mainPrice: formatPrice(annual ? floorToCurrency(price / 12, currency) : price, currency),
        subPrice: annual ? formatPrice(price, currency) : undefined,
        mainPeriodUnit: plan.period === 'MONTHLY' || annual ? 'month' : 'year',
        currencyUnit: currency,
        topLabel:
          plan.planType === 'STANDARD'
            ? 'recommended'
            : plan.planType === 'BUSINESS'
              ? 'enterprise'
              : undefined,
        usagePlanFeatures: usageFeatures(usage, lang),
        additionalPlanFeatures: extraFeatures(plan.planType, lang),
      };
    });
}

/**
 * The price version a pricing page asks the plan info for. The price-version rule (Business only at
 * '1') is for customers without upgrade data: an upgrade pricing page shows every tier, the current and
 * lower ones disabled with their reason and the ones the upgrade matrix allows offered, whatever the
 * query says.
 */
export function pricingPriceVersion(
  priceVersion: string | undefined,
  upgrading: boolean,
): string | undefined {
  return upgrading ? BUSINESS_PRICE_VERSION : priceVersion;
}

/** The columns to reserve before the plan info arrives (pre-rendered HTML), so nothing moves when it does. */
export function expectedPlanTypes(priceVersion: string | undefined): PlanType[] {
  return planTypesForPriceVersion(priceVersion);
}
