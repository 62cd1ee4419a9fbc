import type { SiteLanguage } from '../languages.ts';
import type { PlanType } from './plan-types.ts';

/**
 * The paid features of each tier (site-and-payments.md section 1), in the order the pricing table
 * lists them, with the languages a feature is shown in when it is not shown everywhere.
 */
export const PAID_FEATURES = [
  { key: 'watermark_free_export', tiers: ['LIGHT', 'STANDARD', 'BUSINESS'] },
  { key: 'pro_image_generation', tiers: ['LIGHT', 'STANDARD', 'BUSINESS'] },
  { key: 'image_download_upscale', tiers: ['LIGHT', 'STANDARD', 'BUSINESS'] },
  { key: 'overdub', tiers: ['STANDARD', 'BUSINESS'], languages: ['ko', 'en'] },
  { key: 'advanced_writing', tiers: ['STANDARD', 'BUSINESS'] },
  { key: 'video_generation', tiers: ['STANDARD', 'BUSINESS'] },
  { key: 'templates', tiers: ['STANDARD', 'BUSINESS'] },
  { key: 'clip_copy', tiers: ['STANDARD', 'BUSINESS'] },
  { key: 'character_animation', tiers: ['STANDARD', 'BUSINESS'] },
  { key: 'prompts', tiers: ['STANDARD', 'BUSINESS'] },
  { key: 'usage_eraser', tiers: ['STANDARD', 'BUSINESS'] },
] as const satisfies ReadonlyArray<{
  key: string;
  tiers: readonly PlanType[];
  languages?: readonly SiteLanguage[];
}>;
export type PaidFeature = (typeof PAID_FEATURES)[number]['key'];

/** Per-request limits that differ between free and paid plans (section 1). */
export const PER_REQUEST_LIMITS = {
  text_to_video_characters: { free: 3000, paid: 10000 },
  auto_image_insertion: { free: 10, paid: 100 },
} as const;
export type PerRequestLimit = keyof typeof PER_REQUEST_LIMITS;

export function hasPaidFeature(planType: PlanType, key: PaidFeature): boolean {
  const feature = PAID_FEATURES.find((candidate) => candidate.key === key);
  return Boolean(feature && (feature.tiers as readonly PlanType[]).includes(planType));
}

export function perRequestLimit(planType: PlanType, key: PerRequestLimit): number {
  return planType === 'FREE' ? PER_REQUEST_LIMITS[key].free : PER_REQUEST_LIMITS[key].paid;
}

/** The paid features shown in a language (the custom voice quota row is handled with the usages). */
export function paidFeaturesFor(lang: SiteLanguage) {
  return PAID_FEATURES.filter(
    (feature) => !('languages' in feature) || (feature.languages as readonly SiteLanguage[]).includes(lang),
  );
}

/** The custom-voice feature is shown only in Korean and Japanese (section 1). */
export function showsCustomVoice(lang: SiteLanguage): boolean {
  return lang === 'ko' || lang === 'ja';
}
