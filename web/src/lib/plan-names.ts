import type { TFunction } from 'i18next';
import type { PlanPriceInfo, PlanType } from '../../../shared/plans/plan-types.ts';

/**
 * How the site names a plan, wherever it shows one (order, upgrade, result and refund pages): by its
 * type and period in the page's language, never by its code (`MR_BUSINESS_V3`). A CUSTOM plan is a
 * partner's own business plan and is shown as Business.
 */
export function planTypeLabel(t: TFunction, planType: PlanType): string {
  return t(`common:plan_type.${planType === 'CUSTOM' ? 'BUSINESS' : planType}`);
}

/** "Standard · Monthly subscription". */
export function planLabel(t: TFunction, plan: Pick<PlanPriceInfo, 'planType' | 'period'>): string {
  return `${planTypeLabel(t, plan.planType)} · ${t(`common:plan_period.${plan.period}`)}`;
}

/** A plan named by its plan name, labelled when the session offers it. */
export function planNameLabel(t: TFunction, plans: readonly PlanPriceInfo[], planName: string): string {
  const plan = plans.find((candidate) => candidate.name === planName);
  return plan ? planLabel(t, plan) : planName;
}
