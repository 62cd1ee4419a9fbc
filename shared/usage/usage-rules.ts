import { DateTime } from 'luxon';
import type { PaidFeature } from '../plans/plan-features.ts';
import { hasPaidFeature } from '../plans/plan-features.ts';
import type { PlanType } from '../plans/plan-types.ts';
import { KST_ZONE } from '../time/kst.ts';

/**
 * Usage metering (admin-console.md sections 2 and 3; site-and-payments.md section 4): the usage types,
 * the monthly counters they add to, what limits them, and when a month of counting starts again.
 *
 * Metered types have a monthly limit (the plan's, or FREE's); counted types are paid features that are
 * counted but not limited (DELETE_{product}_MARK is the watermark-free export).
 */
export const METERED_USAGE_TYPES = ['STT', 'TTS', 'TRANSLATE', 'GENIMAGE'] as const;
export type MeteredUsageType = (typeof METERED_USAGE_TYPES)[number];
export const COUNTED_USAGE_TYPES = [
  'DELETE_CUTLOOM_MARK',
  'SHARED_CLIPBOARD',
  'CREATE_USER_TEMPLATE',
  'USE_USER_TEMPLATE',
] as const;
export type CountedUsageType = (typeof COUNTED_USAGE_TYPES)[number];
export const USAGE_TYPES = [...METERED_USAGE_TYPES, ...COUNTED_USAGE_TYPES] as const;
export type UsageType = (typeof USAGE_TYPES)[number];

export function isMeteredUsageType(type: UsageType): type is MeteredUsageType {
  return (METERED_USAGE_TYPES as readonly string[]).includes(type);
}

/** The counters of one account: the FREE month's and the paid plan's (the console's field names). */
export const FREE_COUNTERS = ['sttMonthly', 'ttsMonthly', 'translateMonthly', 'genimageMonthly'] as const;
export const PAID_COUNTERS = [
  'paidSttMonthly',
  'paidTtsMonthly',
  'paidTranslateMonthly',
  'paidGenimageMonthly',
  'deleteCutloomMark',
  'sharedClipboard',
  'createUserTemplate',
  'useUserTemplate',
] as const;
export type FreeCounter = (typeof FREE_COUNTERS)[number];
export type PaidCounter = (typeof PAID_COUNTERS)[number];

/** The limit fields of a user plan, per metered type (STT in seconds, the others in characters or credits). */
export const LIMIT_FIELD = {
  STT: 'sttLimit',
  TTS: 'ttsLimit',
  TRANSLATE: 'translateLimit',
  GENIMAGE: 'genimageLimit',
} as const satisfies Record<MeteredUsageType, string>;
export type LimitField = (typeof LIMIT_FIELD)[MeteredUsageType];

/** The plan usage info field (the catalogue's quota) of each metered type. */
export const PLAN_USAGE_FIELD = {
  STT: 'sttUsage',
  TTS: 'ttsUsage',
  TRANSLATE: 'translateUsage',
  GENIMAGE: 'genimageUsage',
} as const satisfies Record<MeteredUsageType, string>;

const FREE_COUNTER: Record<MeteredUsageType, FreeCounter> = {
  STT: 'sttMonthly',
  TTS: 'ttsMonthly',
  TRANSLATE: 'translateMonthly',
  GENIMAGE: 'genimageMonthly',
};

const PAID_COUNTER: Record<UsageType, PaidCounter> = {
  STT: 'paidSttMonthly',
  TTS: 'paidTtsMonthly',
  TRANSLATE: 'paidTranslateMonthly',
  GENIMAGE: 'paidGenimageMonthly',
  DELETE_CUTLOOM_MARK: 'deleteCutloomMark',
  SHARED_CLIPBOARD: 'sharedClipboard',
  CREATE_USER_TEMPLATE: 'createUserTemplate',
  USE_USER_TEMPLATE: 'useUserTemplate',
};

/** The paid feature a counted type is part of: recording it needs a plan with that feature. */
const COUNTED_FEATURE: Record<CountedUsageType, PaidFeature> = {
  DELETE_CUTLOOM_MARK: 'watermark_free_export',
  SHARED_CLIPBOARD: 'clip_copy',
  CREATE_USER_TEMPLATE: 'templates',
  USE_USER_TEMPLATE: 'templates',
};

/** Which counter a recording adds to: the paid plan's while one is active, else the FREE month's. */
export function counterFor(type: UsageType, onPaidPlan: boolean): FreeCounter | PaidCounter | undefined {
  if (onPaidPlan) return PAID_COUNTER[type];
  return isMeteredUsageType(type) ? FREE_COUNTER[type] : undefined;
}

/** Whether a plan type may record a usage type at all (metered types: every plan; counted: their feature). */
export function usageAllowed(type: UsageType, planType: PlanType): boolean {
  if (isMeteredUsageType(type)) return true;
  // CUSTOM plans are partners' business plans: they carry the BUSINESS features.
  return hasPaidFeature(planType === 'CUSTOM' ? 'BUSINESS' : planType, COUNTED_FEATURE[type]);
}

/** The unit a usage type is counted in (STT in seconds, shown in whole minutes). */
export const USAGE_UNIT: Record<UsageType, 'seconds' | 'characters' | 'credits' | 'times'> = {
  STT: 'seconds',
  TTS: 'characters',
  TRANSLATE: 'characters',
  GENIMAGE: 'credits',
  DELETE_CUTLOOM_MARK: 'times',
  SHARED_CLIPBOARD: 'times',
  CREATE_USER_TEMPLATE: 'times',
  USE_USER_TEMPLATE: 'times',
};

/**
 * When the FREE month starts again. Decision: FREE counters run by calendar month in Seoul (00:00 KST
 * on the 1st): a free account has no payment to anchor its month to, and "this month" is what a free
 * user reads on the pricing page.
 */
export function freeResetDate(nowMs: number): number {
  return DateTime.fromMillis(nowMs, { zone: KST_ZONE }).startOf('month').toMillis();
}

/**
 * The monthly paid reset date (site-and-payments.md section 4): the latest monthly anniversary of the
 * plan's payment (paidAt plus whole months, in Seoul, a 31st falling back to the month's last day) that
 * is not after now. A monthly subscription's renewal moves paidAt, so its month starts with each
 * payment; an annual plan's allowance starts again on the same day of every month.
 */
export function paidResetDate(paidAtMs: number, nowMs: number): number {
  const paid = DateTime.fromMillis(paidAtMs, { zone: KST_ZONE });
  const now = DateTime.fromMillis(nowMs, { zone: KST_ZONE });
  // The anniversary in this calendar month, or the month before when this month's is still ahead.
  let months = (now.year - paid.year) * 12 + (now.month - paid.month);
  if (paid.plus({ months }).toMillis() > nowMs) months -= 1;
  // Before the payment (a clock behind it), the month starts at the payment.
  return Math.max(paidAtMs, paid.plus({ months }).toMillis());
}

/** Monthly usage counts as reset if its last update precedes the reset date (site-and-payments.md section 4). */
export function countsAsReset(lastUpdatedMs: number | undefined, resetDateMs: number): boolean {
  return lastUpdatedMs === undefined || lastUpdatedMs < resetDateMs;
}
