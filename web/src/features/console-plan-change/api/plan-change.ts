import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminCancelPlanChange,
  adminPlanChange,
  adminSchedulePlanChange,
} from '../../../../../shared/api/plan-change.ts';
import { adminCall, adminKey } from '../../../lib/console/admin-api.ts';
import { userInfoKey } from '../../console-users/index.ts';

const planChangeKey = (uid: string) => adminKey('plan-change', uid);

/** The account's change of plan at its next renewal and its choices (null without a live plan). */
export function useAccountPlanChange(uid: string) {
  return useQuery({
    queryKey: planChangeKey(uid),
    queryFn: async () => (await adminCall(adminPlanChange, { uid })).result,
  });
}

/**
 * Finance schedules a change for the customer, or cancels it; the user detail is read again (its
 * activities show the change, the plans its effect).
 */
export function useChangeAccountPlan(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: { planName: string } | 'cancel') =>
      choice === 'cancel'
        ? adminCall(adminCancelPlanChange, { uid })
        : adminCall(adminSchedulePlanChange, { uid, planName: choice.planName }),
    onSuccess: (answer) => {
      queryClient.setQueryData(planChangeKey(uid), answer.result);
      void queryClient.invalidateQueries({ queryKey: userInfoKey(uid) });
    },
  });
}
