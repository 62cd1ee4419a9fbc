import type { PlanPriceInfo } from '../../../../../shared/plans/plan-types.ts';
import { usePaymentPlanInfo } from '../../pricing/api/get-payment-plan-info.ts';

/** The built-in catalogue's plans, for the discount and bonus-quota choices (names sorted alphabetically). */
export function useCouponPlans(filter: (plan: PlanPriceInfo) => boolean, taken: readonly string[]) {
  const info = usePaymentPlanInfo({});
  const plans = (info.data?.planPriceInfos ?? [])
    .filter((plan) => filter(plan) && !taken.includes(plan.name))
    .map((plan) => plan.name)
    .sort();
  return { plans, usages: info.data?.planUsageInfos ?? [], prices: info.data?.planPriceInfos ?? [] };
}
