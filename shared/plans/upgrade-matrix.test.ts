import { describe, expect, it } from 'vitest';
import type { PlanPriceInfo } from './plan-types.ts';
import { BUILT_IN_PLAN_PRICES, LEGACY_PLAN_PRICES } from './price-book.ts';
import { upgradeBlock, upgradeTargets } from './upgrade-rules.ts';

/**
 * The allowed-upgrade matrix, every pair: from each plan a customer may hold (V3, V2 and the legacy
 * unversioned names, subscriptions and passes) to each plan on sale. Section 4 spelled out: monthly
 * LIGHT to monthly STANDARD or BUSINESS or any yearly V3 plan; monthly STANDARD to monthly BUSINESS or
 * yearly (STANDARD or BUSINESS); monthly BUSINESS to yearly (BUSINESS); yearly LIGHT to yearly
 * STANDARD or BUSINESS; yearly STANDARD to yearly BUSINESS; nothing from a pass or a yearly BUSINESS.
 */
const ALLOWED: Record<string, readonly string[]> = {
  'LIGHT MONTHLY': [
    'STANDARD MONTHLY',
    'BUSINESS MONTHLY',
    'LIGHT ANNUAL',
    'STANDARD ANNUAL',
    'BUSINESS ANNUAL',
  ],
  'STANDARD MONTHLY': ['BUSINESS MONTHLY', 'STANDARD ANNUAL', 'BUSINESS ANNUAL'],
  'BUSINESS MONTHLY': ['BUSINESS ANNUAL'],
  'LIGHT ANNUAL': ['STANDARD ANNUAL', 'BUSINESS ANNUAL'],
  'STANDARD ANNUAL': ['BUSINESS ANNUAL'],
};

const key = (plan: PlanPriceInfo) => `${plan.planType} ${plan.period}`;
const pairs = [...BUILT_IN_PLAN_PRICES, ...LEGACY_PLAN_PRICES].flatMap((from) =>
  BUILT_IN_PLAN_PRICES.map((to) => [from.name, to.name, from, to] as const),
);

describe('the upgrade matrix, every pair of held and sold plans', () => {
  it.each(pairs)('%s -> %s', (_from, _to, from, to) => {
    const allowed = (ALLOWED[key(from)] ?? []).includes(key(to)) && from.isSubscription;
    const block = upgradeBlock(from, to, !to.isSubscription);
    if (allowed) expect(block).toBeUndefined();
    else if (!to.isSubscription) expect(block).toBe('not_valid_term_pass_in_subscribe');
    else if (key(from) === key(to)) expect(block).toBe('current_plan');
    else expect(block).toBe('can_not_change_to_lower_plan');
    expect(upgradeTargets(from, BUILT_IN_PLAN_PRICES).includes(to)).toBe(allowed);
  });

  it('offers only V3 plans as targets, and nothing from a pass', () => {
    const fromLegacy = upgradeTargets({ planType: 'LIGHT', period: 'MONTHLY' }, BUILT_IN_PLAN_PRICES);
    expect(fromLegacy.map((plan) => plan.name)).toEqual([
      'YR_LIGHT_V3',
      'MR_STANDARD_V3',
      'YR_STANDARD_V3',
      'MR_BUSINESS_V3',
      'YR_BUSINESS_V3',
    ]);
    expect(upgradeTargets({ planType: 'LIGHT', period: 'ONE_YEAR' }, BUILT_IN_PLAN_PRICES)).toEqual([]);
  });
});
