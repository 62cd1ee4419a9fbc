import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cancelPlanChange,
  schedulePlanChange,
  userPlanChange,
} from '../../../../../shared/api/plan-change.ts';
import { callRoute } from '../../../lib/api-client.ts';

/**
 * The signed-in account's change of plan at its next renewal (null without a live plan). Its key lies
 * under the billing page's own (['billing', token]): whatever reads the page's plan again reads this too.
 */
export const planChangeKey = (token: string) => ['billing', token, 'plan-change'] as const;

export function usePlanChange(token: string) {
  return useQuery({
    queryKey: planChangeKey(token),
    queryFn: async () => (await callRoute(userPlanChange, {}, { token })).result,
    retry: false,
  });
}

/**
 * Schedules (or replaces) the change, or cancels it; then the page's plan (its next charge) and the
 * renewal's consent (asked at once for a higher amount) are read again.
 */
export function useChoosePlanChange(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (choice: { planName: string } | 'cancel') =>
      choice === 'cancel'
        ? callRoute(cancelPlanChange, {}, { token })
        : callRoute(schedulePlanChange, { planName: choice.planName }, { token }),
    onSuccess: (answer) => {
      queryClient.setQueryData(planChangeKey(token), answer.result);
      void queryClient.invalidateQueries({ queryKey: ['billing', token] });
      void queryClient.invalidateQueries({ queryKey: ['renewal-consent', token] });
    },
  });
}
