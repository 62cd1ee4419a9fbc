import { describe, expect, it } from 'vitest';
import {
  bytesToGigabytes,
  CUSTOM_PLAN_FORM_DEFAULTS,
  CUSTOM_PLAN_MESSAGES,
  type CustomPlanForm,
  customPlanFormRule,
  customPlanInfoRule,
  customPlanTier,
  periodOfPlanName,
  secondsToMinutes,
} from './custom-plan-rules.ts';
import { PERIOD_PREFIX, PLAN_PERIODS } from './plan-types.ts';

function form(overrides: Partial<CustomPlanForm> = {}): CustomPlanForm {
  return {
    planName: 'Y1_PLUS_ACME',
    period: 'ONE_YEAR',
    priceKo: '990000',
    priceJa: '110000',
    priceEn: '899.99',
    ...Object.fromEntries(
      Object.entries(CUSTOM_PLAN_FORM_DEFAULTS).map(([key, value]) => [key, String(value)]),
    ),
    referralType: '',
    description: 'ACME, one year, agreed in March',
    ...overrides,
  } as CustomPlanForm;
}

/** The messages of a form's problems, by field. */
function problems(overrides: Partial<CustomPlanForm>): Record<string, string[]> {
  const result = customPlanFormRule.safeParse(form(overrides));
  if (result.success) return {};
  const byField: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    byField[field] = [...(byField[field] ?? []), issue.message];
  }
  return byField;
}

describe('the custom plan form', () => {
  it('reports every problem at once: name, prefix against period, prices, quotas and description together', () => {
    expect(problems({ planName: '', priceKo: '0', priceJa: '', ttsUsage: '-1', description: ' ' })).toEqual({
      planName: [CUSTOM_PLAN_MESSAGES.planName],
      priceKo: [CUSTOM_PLAN_MESSAGES.pricePositive],
      priceJa: [CUSTOM_PLAN_MESSAGES.pricePositive],
      ttsUsage: [CUSTOM_PLAN_MESSAGES.quota],
      description: [CUSTOM_PLAN_MESSAGES.description],
    });
    expect(problems({ planName: 'M1_PLUS_X', period: 'ONE_YEAR', priceEn: '0', description: '' })).toEqual({
      planName: [CUSTOM_PLAN_MESSAGES.planNamePeriod],
      priceEn: [CUSTOM_PLAN_MESSAGES.pricePositive],
      description: [CUSTOM_PLAN_MESSAGES.description],
    });
  });

  it('checks the name against the period even while a field holds no number at all', () => {
    expect(problems({ planName: 'M1_PLUS_X', period: 'ONE_YEAR', priceEn: 'ten' })).toEqual({
      planName: [CUSTOM_PLAN_MESSAGES.planNamePeriod],
      priceEn: [CUSTOM_PLAN_MESSAGES.pricePositive],
    });
  });

  it('takes numbers as well as the fields’ text, and a blank field is no number (not zero)', () => {
    expect(customPlanFormRule.parse(form({ priceKo: 990000, ttsUsage: 5 } as never))).toMatchObject({
      priceKo: 990000,
      ttsUsage: 5,
    });
    expect(problems({ ttsUsage: '   ' })).toEqual({ ttsUsage: [CUSTOM_PLAN_MESSAGES.quota] });
  });

  it('stores STT in seconds and cloud storage in bytes, with the section 9 defaults', () => {
    expect(customPlanFormRule.parse(form())).toEqual({
      planName: 'Y1_PLUS_ACME',
      period: 'ONE_YEAR',
      priceKo: 990000,
      priceJa: 110000,
      priceEn: 899.99,
      sttUsage: 7200 * 60,
      ttsUsage: 600000,
      translateUsage: 1800000,
      genimageUsage: 6000,
      cloudStorageUsage: 60 * 1073741824,
      userTTSSpeakerUsage: 6,
      referralType: '',
      description: 'ACME, one year, agreed in March',
    });
  });

  it('upper-cases the name as typed', () => {
    expect(
      customPlanFormRule.parse(form({ planName: ' m6_light_school ', period: 'SIX_MONTH' })).planName,
    ).toBe('M6_LIGHT_SCHOOL');
  });

  it.each([
    ['no tier', 'Y1_ACME'],
    ['an unknown tier', 'Y1_PREMIUM_ACME'],
    ['an unknown prefix', 'Q1_LIGHT_ACME'],
    ['nothing after the tier', 'Y1_LIGHT_'],
    ['a character that is not a capital, digit or underscore', 'Y1_LIGHT_AC-ME'],
  ])('refuses a name with %s', (_label, planName) => {
    expect(problems({ planName })).toEqual({ planName: ['console-plans:validation.plan_name'] });
  });

  it.each(PLAN_PERIODS.map((period) => [period, PERIOD_PREFIX[period]]))(
    'accepts the prefix of %s (%s) only for that period',
    (period, prefix) => {
      expect(problems({ planName: `${prefix}_STANDARD_X`, period })).toEqual({});
      const other = period === 'ONE_YEAR' ? 'THREE_YEAR' : 'ONE_YEAR';
      expect(problems({ planName: `${prefix}_STANDARD_X`, period: other })).toEqual({
        planName: ['console-plans:validation.plan_name_period'],
      });
    },
  );

  it('requires a description', () => {
    expect(problems({ description: '   ' })).toEqual({
      description: ['console-plans:validation.description'],
    });
  });

  it.each([
    ['zero', { priceKo: '0' }, 'priceKo'],
    ['negative', { priceJa: '-1' }, 'priceJa'],
    ['empty', { priceEn: '' }, 'priceEn'],
    ['not a number', { priceEn: 'ten' }, 'priceEn'],
  ])('refuses a price that is %s', (_label, overrides, field) => {
    expect(problems(overrides)).toEqual({ [field]: ['console-plans:validation.price_positive'] });
  });

  it('refuses a price outside its currency bounds or finer than the currency', () => {
    expect(problems({ priceKo: '5000', priceJa: '900.5', priceEn: '2000' })).toEqual({
      priceKo: ['console-plans:validation.price_bounds_KRW'],
      priceJa: ['console-plans:validation.price_bounds_JPY'],
      priceEn: ['console-plans:validation.price_bounds_USD'],
    });
  });

  it('takes referralType only for the two partners', () => {
    expect(problems({ referralType: 'manebi' })).toEqual({});
    expect(problems({ referralType: 'malgnsoft' })).toEqual({});
    expect(problems({ referralType: 'classu' })).toEqual({
      referralType: ['console-plans:validation.referral_type'],
    });
  });

  it.each([
    ['empty', ''],
    ['negative', '-5'],
    ['fractional', '1.5'],
  ])('refuses a quota that is %s', (_label, value) => {
    expect(problems({ ttsUsage: value })).toEqual({ ttsUsage: ['console-plans:validation.quota'] });
  });

  it('takes fractions of a minute and of a gigabyte that land on whole seconds and bytes', () => {
    const plan = customPlanFormRule.parse(form({ sttUsage: '0.5', cloudStorageUsage: '0.5' }));
    expect(plan.sttUsage).toBe(30);
    expect(plan.cloudStorageUsage).toBe(536870912);
  });
});

describe('the stored custom plan', () => {
  it('is checked again on the server, in stored units', () => {
    const stored = customPlanFormRule.parse(form());
    expect(customPlanInfoRule.parse(stored)).toEqual(stored);
    expect(customPlanInfoRule.safeParse({ ...stored, sttUsage: 0.5 }).success).toBe(false);
    expect(customPlanInfoRule.parse({ ...stored, planName: ' Y1_PLUS_ACME ' }).planName).toBe('Y1_PLUS_ACME');
  });

  it('gives a price or a quota that is no number its own message', () => {
    const stored = customPlanFormRule.parse(form());
    const result = customPlanInfoRule.safeParse({ ...stored, priceKo: '5000', genimageUsage: '10' });
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['priceKo', CUSTOM_PLAN_MESSAGES.pricePositive],
      ['genimageUsage', CUSTOM_PLAN_MESSAGES.quota],
    ]);
  });

  it('names a partner or none: no referral type is stored as none, and a partner as trimmed', () => {
    const { referralType: _, ...stored } = customPlanFormRule.parse(form());
    expect(customPlanInfoRule.parse(stored).referralType).toBe('');
    expect(customPlanInfoRule.parse({ ...stored, referralType: ' manebi ' }).referralType).toBe('manebi');
    expect(
      customPlanInfoRule.safeParse({ ...stored, referralType: 'classu' }).error?.issues[0]?.message,
    ).toBe(CUSTOM_PLAN_MESSAGES.referralType);
  });
});

describe('the console’s units', () => {
  it('shows STT seconds in minutes and cloud storage bytes in gigabytes (1 GB = 1073741824 bytes)', () => {
    expect(secondsToMinutes(432000)).toBe(7200);
    expect(secondsToMinutes(90)).toBe(1.5);
    expect(bytesToGigabytes(64424509440)).toBe(60);
    expect(bytesToGigabytes(536870912)).toBe(0.5);
  });
});

describe('reading a plan name', () => {
  it('gives its period and tier', () => {
    expect(periodOfPlanName('W2_PLUS_TRIAL')).toBe('TWO_WEEK');
    expect(periodOfPlanName('MR_LIGHT_V3')).toBe('MONTHLY');
    expect(periodOfPlanName('FREE')).toBeUndefined();
    expect(customPlanTier('W2_PLUS_TRIAL')).toBe('PLUS');
    expect(customPlanTier('Y1_BUSINESS_MANEBI')).toBe('BUSINESS');
  });
});
