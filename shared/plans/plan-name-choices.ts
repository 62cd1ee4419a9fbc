import { ONE_TIME_PERIODS, type PlanPeriod } from './plan-types.ts';

/**
 * The plan names an operator may pick for a payment progress or a direct deposit (admin-console.md
 * sections 3 and 9): the fixed list of built-in passes (V3, V2 and unversioned one-year passes, and the
 * three-year passes) plus the custom plans of a fixed-term period, sorted alphabetically.
 */
export const BUILT_IN_PLAN_NAME_CHOICES = [
  'Y1_LIGHT_V3',
  'Y1_STANDARD_V3',
  'Y1_BUSINESS_V3',
  'Y1_LIGHT_V2',
  'Y1_STANDARD_V2',
  'Y1_BUSINESS_V2',
  'Y1_LIGHT',
  'Y1_STANDARD',
  'Y1_BUSINESS',
  'Y3_LIGHT',
  'Y3_STANDARD',
  'Y3_BUSINESS',
] as const;

/** The periods of the custom plans offered among the choices: the fixed terms, never a subscription. */
export const PLAN_NAME_CHOICE_PERIODS: readonly PlanPeriod[] = ONE_TIME_PERIODS;

export function planNameChoices(customPlans: readonly { planName: string; period: PlanPeriod }[]): string[] {
  const custom = customPlans
    .filter((plan) => PLAN_NAME_CHOICE_PERIODS.includes(plan.period))
    .map((plan) => plan.planName);
  return [...new Set([...BUILT_IN_PLAN_NAME_CHOICES, ...custom])].sort();
}
