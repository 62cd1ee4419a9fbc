import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUILT_IN_PLAN_PRICES, BUILT_IN_PLAN_USAGES } from '../plans/price-book.ts';
import {
  COUPON_CODE_PATTERN,
  calculatedBonusQuota,
  couponEditProblem,
  couponInputAllowed,
  couponValidPlans,
  couponWindow,
  defaultCouponDates,
  isBonusQuotaFeature,
  isBonusQuotaPlan,
  isDiscountPlan,
  limitsWithBonus,
  newCouponProblem,
  normalizeCouponCode,
  randomCouponCode,
} from './coupon-rules.ts';

const usage = (type: string) => {
  const found = BUILT_IN_PLAN_USAGES.find((candidate) => candidate.planType === type);
  if (!found) throw new Error(type);
  return found;
};

describe('coupon codes', () => {
  it('are 10 capital letters or digits, random, and read as typed in any case', () => {
    const codes = Array.from({ length: 2000 }, randomCouponCode);
    for (const code of codes) expect(code).toMatch(COUPON_CODE_PATTERN);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(codes.join('')).size).toBe(36);
    expect(normalizeCouponCode('  spring2025 ')).toBe('SPRING2025');
  });

  it('are exactly ten characters', () => {
    for (const code of ['SPRING2025', '0000000000']) expect(code).toMatch(COUPON_CODE_PATTERN);
    for (const code of ['SPRING20250', 'XSPRING2025', 'SPRING202', 'spring2025', 'SPRING-025'])
      expect(code).not.toMatch(COUPON_CODE_PATTERN);
  });
});

describe('a random coupon code', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('draws every symbol equally likely: the bytes 252 to 255, which would favour A to D, are drawn again', () => {
    const draws = [
      [252, 253, 254, 255, 0, 1, 2, 3, 4, 35],
      [71, 36, 37, 38, 251, 9, 9, 9, 9, 9],
    ];
    vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation((array) => {
      (array as Uint8Array).set(draws.shift() ?? []);
      return array;
    });
    // A, B, C, D, E and 9 (35) from the first draw; then 71, 36, 37, 38 (9, A, B, C): ten, the rest unused.
    expect(randomCouponCode()).toBe('ABCDE99ABC');
  });
});

describe('which plans a coupon can apply to', () => {
  it('discounts: LIGHT and STANDARD, monthly, annual, one-year; bonus quotas: LIGHT and STANDARD subscriptions', () => {
    const byName = (name: string) =>
      BUILT_IN_PLAN_PRICES.find((plan) => plan.name === name) as (typeof BUILT_IN_PLAN_PRICES)[number];
    expect(isDiscountPlan(byName('Y1_LIGHT_V3'))).toBe(true);
    expect(isDiscountPlan(byName('Y3_STANDARD'))).toBe(false);
    expect(isDiscountPlan(byName('MR_BUSINESS_V3'))).toBe(false);
    expect(isDiscountPlan(byName('MR_LIGHT_V3'))).toBe(true);
    expect(isDiscountPlan(byName('YR_STANDARD_V3'))).toBe(true);
    expect(isDiscountPlan(byName('Y1_STANDARD_V3'))).toBe(true);
    expect(isBonusQuotaPlan(byName('MR_LIGHT_V3'))).toBe(true);
    expect(isBonusQuotaPlan(byName('YR_STANDARD_V3'))).toBe(true);
    expect(isBonusQuotaPlan(byName('YR_BUSINESS_V3'))).toBe(false);
    expect(isBonusQuotaPlan(byName('Y1_STANDARD_V3'))).toBe(false);
    expect(BUILT_IN_PLAN_PRICES.filter(couponInputAllowed).map((plan) => plan.name)).toEqual([
      'MR_LIGHT_V3',
      'YR_LIGHT_V3',
      'Y1_LIGHT_V3',
      'MR_STANDARD_V3',
      'YR_STANDARD_V3',
      'Y1_STANDARD_V3',
    ]);
  });

  it('are those of its discounts and bonus quotas, once each, alphabetically', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...BUILT_IN_PLAN_PRICES.map((plan) => plan.name))),
        fc.array(fc.constantFrom(...BUILT_IN_PLAN_PRICES.map((plan) => plan.name))),
        (discounts, bonuses) => {
          const plans = couponValidPlans({
            discountInfos: discounts.map((planName) => ({ planName })),
            bonusQuotaInfos: bonuses.map((planName) => ({ planName })),
          });
          expect(plans).toEqual([...new Set([...discounts, ...bonuses])].sort());
          if (plans.length) expect(plans[0]).toBe([...discounts, ...bonuses].sort()[0]);
        },
      ),
    );
  });
});

describe('the bonus quota calculation', () => {
  it('gives Light 50% and Standard 20% of the plan usage, and nothing for the other types', () => {
    expect(calculatedBonusQuota(usage('LIGHT'))).toEqual({
      STT: 18000,
      TTS: 75000,
      TRANSLATE: 225000,
      GENIMAGE: 750,
    });
    expect(calculatedBonusQuota(usage('STANDARD'))).toEqual({
      STT: 21600,
      TTS: 60000,
      TRANSLATE: 180000,
      GENIMAGE: 600,
    });
    expect(calculatedBonusQuota(usage('BUSINESS'))).toBeUndefined();
    expect(calculatedBonusQuota(usage('FREE'))).toBeUndefined();
    expect(calculatedBonusQuota({ ...usage('BUSINESS'), planType: 'CUSTOM' })).toBeUndefined();
  });

  it('is given for STT, TTS, TRANSLATE and GENIMAGE only', () => {
    for (const feature of ['STT', 'TTS', 'TRANSLATE', 'GENIMAGE'])
      expect(isBonusQuotaFeature(feature)).toBe(true);
    for (const feature of ['CLOUD', 'stt', '']) expect(isBonusQuotaFeature(feature)).toBe(false);
  });

  it('adds each feature’s bonus to that feature’s limit, and a plan without a coupon has its quotas', () => {
    const light = usage('LIGHT');
    expect(limitsWithBonus(light, { STT: 600, TTS: 2000, TRANSLATE: 3000, GENIMAGE: 40 })).toEqual({
      sttLimit: light.sttUsage + 600,
      ttsLimit: light.ttsUsage + 2000,
      translateLimit: light.translateUsage + 3000,
      genimageLimit: light.genimageUsage + 40,
    });
    expect(limitsWithBonus(light, undefined)).toEqual({
      sttLimit: light.sttUsage,
      ttsLimit: light.ttsUsage,
      translateLimit: light.translateUsage,
      genimageLimit: light.genimageUsage,
    });
  });

  it('adds on top of the plan’s limits, feature by feature', () => {
    fc.assert(
      fc.property(
        fc.record(
          { STT: fc.nat(), TTS: fc.nat(), TRANSLATE: fc.nat(), GENIMAGE: fc.nat() },
          { requiredKeys: [] },
        ),
        (bonus) => {
          const limits = limitsWithBonus(usage('LIGHT'), bonus);
          expect(limits.sttLimit - usage('LIGHT').sttUsage).toBe(bonus.STT ?? 0);
          expect(limits.genimageLimit - usage('LIGHT').genimageUsage).toBe(bonus.GENIMAGE ?? 0);
        },
      ),
    );
  });
});

describe('a coupon’s window', () => {
  it('opens at its start and closes after its expiry, both inclusive', () => {
    fc.assert(
      fc.property(
        fc.nat(),
        fc.nat({ max: 10 ** 9 }),
        fc.integer({ min: -(10 ** 9), max: 2 * 10 ** 9 }),
        (start, length, offset) => {
          const coupon = { startedAt: start, expiredAt: start + length };
          const now = start + offset;
          const expected = now < start ? 'not_started' : now > start + length ? 'expired' : 'active';
          expect(couponWindow(coupon, now)).toBe(expected);
        },
      ),
    );
  });

  it('is open at the very instant of its start and of its expiry', () => {
    const coupon = { startedAt: 1_000, expiredAt: 2_000 };
    expect(couponWindow(coupon, 999)).toBe('not_started');
    expect(couponWindow(coupon, 1_000)).toBe('active');
    expect(couponWindow(coupon, 2_000)).toBe('active');
    expect(couponWindow(coupon, 2_001)).toBe('expired');
  });

  it('defaults to tomorrow 00:00 until a month later 23:59:59.999, in Seoul', () => {
    const now = Date.parse('2025-01-30T16:00:00Z'); // 31 January 01:00 in Seoul: from 1 February
    const { startedAt, expiredAt } = defaultCouponDates(now);
    expect(new Date(startedAt).toISOString()).toBe('2025-01-31T15:00:00.000Z');
    expect(new Date(expiredAt).toISOString()).toBe('2025-03-01T14:59:59.999Z');
  });
});

describe('the console’s validations', () => {
  const now = Date.parse('2025-06-01T00:00:00Z');
  it('of a new coupon, with the console’s messages', () => {
    expect(newCouponProblem({ totalAmount: 0, startedAt: now + 1, expiredAt: now + 2 }, now)).toBe(
      'Total amount must be greater than 0',
    );
    expect(newCouponProblem({ totalAmount: 1, startedAt: now, expiredAt: now + 2 }, now)).toBe(
      'Start date must be in the future',
    );
    expect(newCouponProblem({ totalAmount: 1, startedAt: now + 2, expiredAt: now + 2 }, now)).toBe(
      'Start date must be before expired date',
    );
    expect(newCouponProblem({ totalAmount: 1, startedAt: now + 1, expiredAt: now + 2 }, now)).toBeUndefined();
  });

  it('of an edit', () => {
    const current = { startedAt: now - 10, totalAmount: 10, remainAmount: 6 };
    expect(couponEditProblem({ totalAmount: -1, startedAt: now - 10, expiredAt: now }, current, now)).toBe(
      'Total amount must be at least 0',
    );
    expect(couponEditProblem({ totalAmount: 10, startedAt: now + 5, expiredAt: now }, current, now)).toBe(
      'Start date must not be after expired date',
    );
    expect(couponEditProblem({ totalAmount: 10, startedAt: now + 5, expiredAt: now + 9 }, current, now)).toBe(
      'The start date cannot be changed after the coupon has started',
    );
    expect(couponEditProblem({ totalAmount: 3, startedAt: now - 10, expiredAt: now }, current, now)).toBe(
      'Total amount cannot be less than the 4 already taken',
    );
    expect(
      couponEditProblem({ totalAmount: 4, startedAt: now - 10, expiredAt: now + 5 }, current, now),
    ).toBeUndefined();
    // A total of 0 (no more to give) and a start on the expiry itself are allowed.
    const fresh = { startedAt: now + 100, totalAmount: 10, remainAmount: 10 };
    expect(
      couponEditProblem({ totalAmount: 0, startedAt: now + 100, expiredAt: now + 100 }, fresh, now),
    ).toBe(undefined);
    // At the instant of its start the coupon has started: its start stays.
    expect(
      couponEditProblem(
        { totalAmount: 10, startedAt: now + 50, expiredAt: now + 500 },
        { ...fresh, startedAt: now },
        now,
      ),
    ).toBe('The start date cannot be changed after the coupon has started');
    const notStarted = { ...current, startedAt: now + 100 };
    expect(
      couponEditProblem({ totalAmount: 4, startedAt: now + 50, expiredAt: now + 500 }, notStarted, now),
    ).toBeUndefined();
  });
});
