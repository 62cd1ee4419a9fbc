import { describe, expect, it } from 'vitest';
import { offeredPlanPrices, periodsOffered, planForChoice, planTypesOffered } from './plans-offered.ts';
import { BUILT_IN_PLAN_PRICES, PARTNER_CATALOGUES } from './price-book.ts';

const manebi = PARTNER_CATALOGUES.manebi?.prices ?? [];

describe('the plan types offered', () => {
  it('are CUSTOM only for a catalogue of custom plans, BUSINESS only for a business account', () => {
    expect(planTypesOffered({ catalogue: manebi, accountType: 'business' })).toEqual(['CUSTOM']);
    expect(planTypesOffered({ catalogue: BUILT_IN_PLAN_PRICES, accountType: 'business' })).toEqual([
      'BUSINESS',
    ]);
    expect(planTypesOffered({ catalogue: BUILT_IN_PLAN_PRICES, priceVersion: '1' })).toEqual([
      'LIGHT',
      'STANDARD',
      'BUSINESS',
    ]);
    expect(planTypesOffered({ catalogue: BUILT_IN_PLAN_PRICES })).toEqual(['LIGHT', 'STANDARD']);
  });
});

describe('the periods offered', () => {
  it('are those the type’s price infos have, in catalogue order', () => {
    expect(periodsOffered(BUILT_IN_PLAN_PRICES, 'LIGHT')).toEqual([
      'MONTHLY',
      'ANNUAL',
      'ONE_YEAR',
      'THREE_YEAR',
    ]);
    expect(periodsOffered(manebi, 'CUSTOM')).toEqual(['ONE_YEAR']);
  });
});

describe('the plan a choice lands on', () => {
  const offered = offeredPlanPrices(BUILT_IN_PLAN_PRICES, '1');
  it('is the exact plan, else one of the same kind, else the type’s first', () => {
    expect(
      planForChoice(offered, { planType: 'BUSINESS', period: 'ANNUAL', isSubscription: true })?.name,
    ).toBe('YR_BUSINESS_V3');
    const withoutAnnualBusiness = offered.filter((plan) => plan.name !== 'YR_BUSINESS_V3');
    expect(
      planForChoice(withoutAnnualBusiness, { planType: 'BUSINESS', period: 'ANNUAL', isSubscription: true })
        ?.name,
    ).toBe('MR_BUSINESS_V3');
    expect(
      planForChoice(offered, { planType: 'CUSTOM', period: 'ONE_YEAR', isSubscription: false }),
    ).toBeUndefined();
  });
});
