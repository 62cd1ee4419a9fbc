import { describe, expect, it } from 'vitest';
import { CURRENCIES, priceIn } from '../currency.ts';
import { isWithinPriceBounds } from '../payments/price-bounds.ts';
import { CUSTOM_PLAN_NAME_PATTERN } from './custom-plan-rules.ts';
import type { PlanPriceInfo } from './plan-types.ts';
import {
  BUILT_IN_PLAN_PRICES,
  BUILT_IN_PLAN_USAGES,
  DEFAULT_CUSTOM_PLAN_USAGE,
  ERASER_PRICES,
  LEGACY_PLAN_PRICES,
  PARTNER_CATALOGUES,
} from './price-book.ts';

const GB = 1073741824;
const PARTNER_PRICES = Object.values(PARTNER_CATALOGUES).flatMap((catalogue) => catalogue.prices);
const EVERY_PLAN = [...BUILT_IN_PLAN_PRICES, ...LEGACY_PLAN_PRICES, ...PARTNER_PRICES];

/** Section 5's prefixes (admin console): MONTHLY MR, ANNUAL YR, ONE_YEAR Y1, THREE_YEAR Y3, ... */
const PREFIX = {
  MONTHLY: 'MR',
  ANNUAL: 'YR',
  ONE_YEAR: 'Y1',
  THREE_YEAR: 'Y3',
  ONE_MONTH: 'M1',
  TWO_MONTH: 'M2',
  THREE_MONTH: 'M3',
  FOUR_MONTH: 'M4',
  FIVE_MONTH: 'M5',
  SIX_MONTH: 'M6',
  TWO_WEEK: 'W2',
};

const plan = (name: string) => {
  const found = EVERY_PLAN.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`No plan ${name}`);
  return found;
};
const eachPrice = (of: PlanPriceInfo) => CURRENCIES.map((currency) => priceIn(of, currency));

describe('the plan catalogue', () => {
  it('sells the V3 subscriptions and one-year passes and the three-year passes of each tier (section 9)', () => {
    expect(BUILT_IN_PLAN_PRICES.map((built) => built.name).sort()).toEqual(
      ['LIGHT', 'STANDARD', 'BUSINESS']
        .flatMap((tier) => [`MR_${tier}_V3`, `YR_${tier}_V3`, `Y1_${tier}_V3`, `Y3_${tier}`])
        .sort(),
    );
  });

  it('holds the V2 and unversioned names of earlier customers apart', () => {
    expect(LEGACY_PLAN_PRICES.map((legacy) => legacy.name).sort()).toEqual(
      ['LIGHT', 'STANDARD', 'BUSINESS']
        .flatMap((tier) =>
          ['MR', 'YR', 'Y1'].flatMap((prefix) => [`${prefix}_${tier}_V2`, `${prefix}_${tier}`]),
        )
        .sort(),
    );
  });

  it('renews MONTHLY and ANNUAL plans only: every other period is a pass that ends (section 3)', () => {
    // A pass flagged a subscription would renew and be charged again.
    for (const each of EVERY_PLAN)
      expect(each.isSubscription, each.name).toBe(each.period === 'MONTHLY' || each.period === 'ANNUAL');
  });

  it('names each plan after its period and its tier', () => {
    for (const each of [...BUILT_IN_PLAN_PRICES, ...LEGACY_PLAN_PRICES]) {
      const [prefix, tier] = each.name.split('_');
      expect(prefix, each.name).toBe(PREFIX[each.period]);
      expect(tier, each.name).toBe(each.planType);
    }
  });

  it('prices each plan in the three currencies, within their bounds', () => {
    for (const each of EVERY_PLAN)
      for (const currency of CURRENCIES)
        expect(isWithinPriceBounds(priceIn(each, currency), currency), `${each.name} ${currency}`).toBe(true);
  });

  it('prices a year of subscription at ten months, a one-year pass at twelve, a three-year pass at three years', () => {
    const tiers = [
      ['LIGHT_V3', 'LIGHT'],
      ['STANDARD_V3', 'STANDARD'],
      ['BUSINESS_V3', 'BUSINESS'],
    ];
    for (const [versioned, y3] of tiers) {
      const monthly = eachPrice(plan(`MR_${versioned}`));
      const annual = eachPrice(plan(`YR_${versioned}`));
      const ten = monthly.map((price) => Math.round(price * 1000) / 100);
      expect(annual).toEqual(ten);
      expect(eachPrice(plan(`Y1_${versioned}`))).toEqual(
        monthly.map((price) => Math.round(price * 1200) / 100),
      );
      expect(eachPrice(plan(`Y3_${y3}`))).toEqual(annual.map((price) => Math.round(price * 300) / 100));
    }
  });
});

describe('the quotas', () => {
  const quotas = (type: string) => {
    const usage = BUILT_IN_PLAN_USAGES.find((candidate) => candidate.planType === type);
    if (!usage) throw new Error(type);
    // As the pricing page shows them: STT in minutes, cloud storage in GB.
    return [
      usage.sttUsage / 60,
      usage.ttsUsage,
      usage.translateUsage,
      usage.genimageUsage,
      usage.cloudStorageUsage / GB,
      usage.userTTSSpeakerUsage,
    ];
  };

  it('are the offer of each tier: STT minutes, TTS and translation characters, images, GB, voices', () => {
    expect(quotas('FREE')).toEqual([30, 10_000, 30_000, 20, 1, 0]);
    expect(quotas('LIGHT')).toEqual([600, 150_000, 450_000, 1_500, 10, 1]);
    expect(quotas('STANDARD')).toEqual([1_800, 300_000, 900_000, 3_000, 30, 3]);
    expect(quotas('BUSINESS')).toEqual([7_200, 600_000, 1_800_000, 6_000, 60, 6]);
  });

  it('of a custom plan default to section 9’s, which are Business’s', () => {
    expect(DEFAULT_CUSTOM_PLAN_USAGE).toEqual({
      planType: 'CUSTOM',
      sttUsage: 7200 * 60,
      ttsUsage: 600000,
      translateUsage: 1800000,
      genimageUsage: 6000,
      cloudStorageUsage: 60 * GB,
      userTTSSpeakerUsage: 6,
    });
    expect({
      ...BUILT_IN_PLAN_USAGES.find((usage) => usage.planType === 'BUSINESS'),
      planType: 'CUSTOM',
    }).toEqual(DEFAULT_CUSTOM_PLAN_USAGE);
  });
});

describe('a partner’s catalogue', () => {
  it('sells only its CUSTOM plans, named as custom plans, with the default custom quotas', () => {
    expect(Object.keys(PARTNER_CATALOGUES).sort()).toEqual(['malgnsoft', 'manebi']);
    for (const [partner, catalogue] of Object.entries(PARTNER_CATALOGUES)) {
      expect(catalogue.prices.length, partner).toBeGreaterThan(0);
      for (const each of catalogue.prices) {
        expect(each.planType, each.name).toBe('CUSTOM');
        expect(each.name).toMatch(CUSTOM_PLAN_NAME_PATTERN);
        expect(each.name.split('_')[0], each.name).toBe(PREFIX[each.period]);
        expect(each.name.endsWith(`_${partner.toUpperCase()}`), each.name).toBe(true);
      }
      expect(catalogue.usages).toEqual([DEFAULT_CUSTOM_PLAN_USAGE]);
    }
  });
});

describe('the usage erasers', () => {
  it('are priced for Standard and Business, per metered type, in the three currencies within bounds', () => {
    expect(Object.keys(ERASER_PRICES).sort()).toEqual(['BUSINESS', 'STANDARD']);
    for (const [tier, byType] of Object.entries(ERASER_PRICES)) {
      expect(Object.keys(byType).sort(), tier).toEqual(['GENIMAGE', 'STT', 'TRANSLATE', 'TTS']);
      for (const [type, prices] of Object.entries(byType)) {
        expect(prices, `${tier} ${type}`).toHaveLength(3);
        prices.forEach((price, index) => {
          const currency = (['KRW', 'JPY', 'USD'] as const)[index] ?? 'USD';
          expect(isWithinPriceBounds(price, currency), `${tier} ${type} ${currency}`).toBe(true);
        });
      }
    }
  });
});
