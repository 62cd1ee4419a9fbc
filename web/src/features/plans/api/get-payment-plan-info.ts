import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RouteOutput } from '../../../../../shared/api/define-route.ts';
import type { getPaymentPlanInfoV2 } from '../../../../../shared/api/plans.ts';
import { PAYMENT_PLAN_INFO } from '../../../../../shared/api/public-addresses.ts';
import { builtInPlanInfo } from '../../../../../shared/plans/plan-info.ts';
import { callRoute } from '../../../lib/api-client.ts';

/** The start-up limit of the plan info call (site-and-payments.md section 9). */
export const PLAN_INFO_TIMEOUT_MS = 5000;

export type PlanInfo = Pick<RouteOutput<typeof getPaymentPlanInfoV2>, 'planPriceInfos' | 'planUsageInfos'> & {
  failed: boolean;
};

/** A failure gives empty lists and the 'Failed to get payment plan info' notice, never a broken page. */
export async function getPaymentPlanInfo(input: {
  referralType?: string;
  priceVersion?: string;
}): Promise<PlanInfo> {
  try {
    const { planPriceInfos, planUsageInfos } = await callRoute(PAYMENT_PLAN_INFO, input, {
      timeoutMs: PLAN_INFO_TIMEOUT_MS,
    });
    return { planPriceInfos, planUsageInfos, failed: false };
  } catch (error) {
    console.warn('Failed to get payment plan info', error);
    return { planPriceInfos: [], planUsageInfos: [], failed: true };
  }
}

/**
 * Without a referral type the plans are the built-in catalogue's, which the page carries (issue 36): they
 * are in its pre-rendered HTML and cost no call. A referral type's plans (a partner's catalogue) are asked.
 */
export const paymentPlanInfoQuery = (input: { referralType?: string; priceVersion?: string }) =>
  queryOptions({
    queryKey: ['payment-plan-info', input.referralType ?? '', input.priceVersion ?? ''],
    queryFn: () => getPaymentPlanInfo(input),
    staleTime: input.referralType ? 5 * 60_000 : Number.POSITIVE_INFINITY,
    initialData: input.referralType ? undefined : { ...builtInPlanInfo(input.priceVersion), failed: false },
  });

export const usePaymentPlanInfo = (input: { referralType?: string; priceVersion?: string }) =>
  useQuery(paymentPlanInfoQuery(input));
