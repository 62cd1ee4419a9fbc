import { describe, expect, it } from 'vitest';
import { BUILT_IN_PLAN_NAME_CHOICES, planNameChoices } from './plan-name-choices.ts';
import { BUILT_IN_PLAN_PRICES, LEGACY_PLAN_PRICES } from './price-book.ts';

describe('the plan-name choices', () => {
  it('are the twelve built-in passes when there is no custom plan, sorted', () => {
    const choices = planNameChoices([]);
    expect(choices).toHaveLength(12);
    expect(choices).toEqual([...choices].sort());
    expect(choices.slice(0, 3)).toEqual(['Y1_BUSINESS', 'Y1_BUSINESS_V2', 'Y1_BUSINESS_V3']);
  });

  it('name only plans the catalogues hold', () => {
    const known = new Set([...BUILT_IN_PLAN_PRICES, ...LEGACY_PLAN_PRICES].map((plan) => plan.name));
    expect(BUILT_IN_PLAN_NAME_CHOICES.filter((name) => !known.has(name))).toEqual([]);
  });

  it('add the custom plans of a fixed term, never a subscription, each once', () => {
    const choices = planNameChoices([
      { planName: 'W2_PLUS_TRIAL', period: 'TWO_WEEK' },
      { planName: 'M6_BUSINESS_MALGNSOFT', period: 'SIX_MONTH' },
      { planName: 'Y3_STANDARD_ACME', period: 'THREE_YEAR' },
      { planName: 'MR_PLUS_ACME', period: 'MONTHLY' },
      { planName: 'YR_LIGHT_ACME', period: 'ANNUAL' },
      { planName: 'Y3_LIGHT', period: 'THREE_YEAR' },
    ]);
    expect(choices).toHaveLength(15);
    expect(choices).toContain('W2_PLUS_TRIAL');
    expect(choices).toContain('M6_BUSINESS_MALGNSOFT');
    expect(choices).not.toContain('MR_PLUS_ACME');
    expect(choices).not.toContain('YR_LIGHT_ACME');
    expect(choices.indexOf('M6_BUSINESS_MALGNSOFT')).toBe(0);
    expect(choices.at(-1)).toBe('Y3_STANDARD_ACME');
  });
});
