import * as z from 'zod';
import type { Currency } from '../currency.ts';
import { isWithinPriceBounds } from '../payments/price-bounds.ts';
import { GIGABYTE, PERIOD_PREFIX, PLAN_PERIODS, type PlanPeriod } from './plan-types.ts';

/**
 * The rules of a custom plan an operator creates (admin-console.md sections 3, 5 and 9), shared by the
 * console's form and the server. Messages are i18n keys of the `console-plans` namespace.
 *
 * Tiers: the name carries LIGHT, STANDARD, BUSINESS or PLUS. PLUS appears only in the console: it is
 * our tier above Business for customers who need more than Business's quotas, with every Business
 * feature, priced and sized per agreement (its default quotas are section 9's, which are Business's).
 * Every custom plan's type is CUSTOM; the tier in its name is what the plan is sold as.
 */
export const CUSTOM_PLAN_TIERS = ['LIGHT', 'STANDARD', 'BUSINESS', 'PLUS'] as const;
export type CustomPlanTier = (typeof CUSTOM_PLAN_TIERS)[number];

/** The partners that sell custom plans from their own catalogue (shared/plans/partners.ts). */
export const CUSTOM_PLAN_REFERRAL_TYPES = ['manebi', 'malgnsoft'] as const;
export type CustomPlanReferralType = (typeof CUSTOM_PLAN_REFERRAL_TYPES)[number];

const PREFIXES = Object.values(PERIOD_PREFIX).join('|');
/** {prefix}_{tier}_{anything in capitals, digits or underscores}. */
/** As every plan name the routes take (shared/api: PlanName). */
export const CUSTOM_PLAN_NAME_MAX = 64;
export const CUSTOM_PLAN_NAME_PATTERN = new RegExp(
  `^(${PREFIXES})_(${CUSTOM_PLAN_TIERS.join('|')})_[A-Z0-9_]+$`,
);

/** The period a plan name's prefix stands for (MR monthly, Y3 three years...), if it has a known one. */
export function periodOfPlanName(planName: string): PlanPeriod | undefined {
  const prefix = planName.split('_')[0];
  return PLAN_PERIODS.find((period) => PERIOD_PREFIX[period] === prefix);
}

export const customPlanTier = (planName: string): CustomPlanTier | undefined =>
  CUSTOM_PLAN_TIERS.find((tier) => planName.split('_')[1] === tier);

/** Section 9's default quotas, in the form's units (STT minutes, storage GB). */
export const CUSTOM_PLAN_FORM_DEFAULTS = {
  sttUsage: 7200,
  ttsUsage: 600_000,
  translateUsage: 1_800_000,
  genimageUsage: 6000,
  cloudStorageUsage: 60,
  userTTSSpeakerUsage: 6,
} as const;

const messages = {
  planName: 'console-plans:validation.plan_name',
  planNamePeriod: 'console-plans:validation.plan_name_period',
  description: 'console-plans:validation.description',
  pricePositive: 'console-plans:validation.price_positive',
  priceBounds: 'console-plans:validation.price_bounds',
  quota: 'console-plans:validation.quota',
  referralType: 'console-plans:validation.referral_type',
} as const;
export const CUSTOM_PLAN_MESSAGES = messages;

const PRICE_FIELDS: Record<'priceKo' | 'priceJa' | 'priceEn', Currency> = {
  priceKo: 'KRW',
  priceJa: 'JPY',
  priceEn: 'USD',
};

const price = z.number({ message: messages.pricePositive }).positive(messages.pricePositive);

/**
 * The checks across fields: the name's prefix against the period, and every price within its
 * currency's bounds and precision (a price outside them could never be ordered). The form runs them
 * even while other fields are wrong (every problem at once), so they read whatever is there.
 */
function checkPlanAsAWhole(plan: Record<string, unknown>, context: z.RefinementCtx): void {
  // A field that is no text yet reads as text that never matches the pattern.
  const planName = String(plan.planName);
  if (CUSTOM_PLAN_NAME_PATTERN.test(planName) && periodOfPlanName(planName) !== plan.period)
    context.addIssue({
      // Stryker disable next-line StringLiteral: zod's issue code, read by nothing; the path and the message are the rule
      code: 'custom',
      path: ['planName'],
      message: messages.planNamePeriod,
    });
  for (const [field, currency] of Object.entries(PRICE_FIELDS)) {
    // A price that is no number yet (NaN) is left to its own message.
    const value = Number(plan[field]);
    if (value > 0 && !isWithinPriceBounds(value, currency))
      context.addIssue({
        // Stryker disable next-line StringLiteral: zod's issue code, read by nothing; the path and the message are the rule
        code: 'custom',
        path: [field],
        message: `${messages.priceBounds}_${currency}`,
      });
  }
}
const quota = z.number({ message: messages.quota }).int(messages.quota).nonnegative(messages.quota);
const description = z.string().trim().min(1, messages.description).max(1000);

/** A custom plan as stored: STT in seconds, cloud storage in bytes. */
export const customPlanInfoRule = z
  .object({
    planName: z
      .string()
      .trim()
      .max(CUSTOM_PLAN_NAME_MAX, messages.planName)
      .regex(CUSTOM_PLAN_NAME_PATTERN, messages.planName),
    period: z.enum(PLAN_PERIODS),
    priceKo: price,
    priceJa: price,
    priceEn: price,
    sttUsage: quota,
    ttsUsage: quota,
    translateUsage: quota,
    genimageUsage: quota,
    cloudStorageUsage: quota,
    userTTSSpeakerUsage: quota,
    referralType: z
      .string()
      .trim()
      .max(32, messages.referralType)
      .refine(
        (value) => value === '' || (CUSTOM_PLAN_REFERRAL_TYPES as readonly string[]).includes(value),
        messages.referralType,
      )
      .default(''),
    description,
  })
  .superRefine(checkPlanAsAWhole);
export type CustomPlanInfo = z.output<typeof customPlanInfoRule>;

/** A number field of the form: its text as a number; an empty field is no number (not zero). */
const formNumber = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce.number({ message }),
  );

const formPrice = formNumber(messages.pricePositive).pipe(price);
/** A quota in the form's unit: whole for counts, any amount for minutes and GB (converted to whole units). */
const formQuota = formNumber(messages.quota).pipe(quota);
const formAmount = formNumber(messages.quota).pipe(z.number().nonnegative(messages.quota));

/**
 * The create form: the same fields in the form's units (STT minutes, storage GB), each checked with
 * the stored rule's message, and the checks across fields run even while some field is wrong, so
 * every problem shows at once (issue 19, defect 7); then converted to the stored units and checked by
 * customPlanInfoRule, so both sides give the same messages.
 */
export const customPlanFormRule = z
  .object({
    planName: z
      .string()
      .transform((name) => name.trim().toUpperCase())
      .pipe(
        z
          .string()
          .max(CUSTOM_PLAN_NAME_MAX, messages.planName)
          .regex(CUSTOM_PLAN_NAME_PATTERN, messages.planName),
      ),
    period: z.enum(PLAN_PERIODS),
    priceKo: formPrice,
    priceJa: formPrice,
    priceEn: formPrice,
    sttUsage: formAmount,
    ttsUsage: formQuota,
    translateUsage: formQuota,
    genimageUsage: formQuota,
    cloudStorageUsage: formAmount,
    userTTSSpeakerUsage: formQuota,
    // A choice of the form's select; the stored rule checks it.
    referralType: z.string().optional(),
    description,
  })
  .superRefine(checkPlanAsAWhole, { when: () => true })
  .transform((form) => ({
    ...form,
    sttUsage: minutesToSeconds(form.sttUsage),
    cloudStorageUsage: gigabytesToBytes(form.cloudStorageUsage),
  }))
  .pipe(customPlanInfoRule);
export type CustomPlanForm = z.input<typeof customPlanFormRule>;

/** STT is shown in minutes and stored in seconds (section 9: seconds/60). */
export const minutesToSeconds = (minutes: number) => Math.round(minutes * 60);
export const secondsToMinutes = (seconds: number) => seconds / 60;
/** Cloud storage is entered in GB and stored in bytes (1 GB = 1073741824 bytes). */
export const gigabytesToBytes = (gigabytes: number) => Math.round(gigabytes * GIGABYTE);
export const bytesToGigabytes = (bytes: number) => bytes / GIGABYTE;
