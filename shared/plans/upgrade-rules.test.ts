import { describe, expect, it } from 'vitest';
import type { PlanPeriod, PlanType } from './plan-types.ts';
import { canUpgrade, upgradeBlock } from './upgrade-rules.ts';

const key = (planType: PlanType, period: PlanPeriod) => ({ planType, period });

describe('upgrade rules (section 4)', () => {
  it.each([
    ['LIGHT', 'MONTHLY', 'STANDARD', 'MONTHLY'],
    ['LIGHT', 'MONTHLY', 'BUSINESS', 'MONTHLY'],
    ['LIGHT', 'MONTHLY', 'LIGHT', 'ANNUAL'],
    ['LIGHT', 'MONTHLY', 'STANDARD', 'ANNUAL'],
    ['LIGHT', 'MONTHLY', 'BUSINESS', 'ANNUAL'],
    ['STANDARD', 'MONTHLY', 'BUSINESS', 'MONTHLY'],
    ['STANDARD', 'MONTHLY', 'STANDARD', 'ANNUAL'],
    ['BUSINESS', 'MONTHLY', 'BUSINESS', 'ANNUAL'],
    ['LIGHT', 'ANNUAL', 'STANDARD', 'ANNUAL'],
    ['LIGHT', 'ANNUAL', 'BUSINESS', 'ANNUAL'],
    ['STANDARD', 'ANNUAL', 'BUSINESS', 'ANNUAL'],
  ] as const)('allows %s %s -> %s %s', (fromType, fromPeriod, toType, toPeriod) => {
    expect(canUpgrade(key(fromType, fromPeriod), key(toType, toPeriod))).toBe(true);
    expect(upgradeBlock(key(fromType, fromPeriod), key(toType, toPeriod), false)).toBeUndefined();
  });

  it.each([
    ['STANDARD', 'MONTHLY', 'LIGHT', 'MONTHLY'],
    ['STANDARD', 'MONTHLY', 'LIGHT', 'ANNUAL'],
    ['BUSINESS', 'MONTHLY', 'STANDARD', 'ANNUAL'],
    ['LIGHT', 'ANNUAL', 'BUSINESS', 'MONTHLY'],
    ['BUSINESS', 'ANNUAL', 'BUSINESS', 'MONTHLY'],
    ['LIGHT', 'ONE_YEAR', 'STANDARD', 'ANNUAL'],
  ] as const)('refuses %s %s -> %s %s as a lower plan', (fromType, fromPeriod, toType, toPeriod) => {
    expect(upgradeBlock(key(fromType, fromPeriod), key(toType, toPeriod), false)).toBe(
      'can_not_change_to_lower_plan',
    );
  });

  it('marks the current plan, and refuses every plan of the fixed-term tab', () => {
    expect(upgradeBlock(key('STANDARD', 'MONTHLY'), key('STANDARD', 'MONTHLY'), false)).toBe('current_plan');
    expect(upgradeBlock(key('LIGHT', 'MONTHLY'), key('BUSINESS', 'ONE_YEAR'), true)).toBe(
      'not_valid_term_pass_in_subscribe',
    );
  });
});
