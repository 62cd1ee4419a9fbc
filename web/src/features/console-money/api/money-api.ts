import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminConsoleSettings,
  adminPaymentProgressCreate,
  adminPaymentProgressList,
  adminUserPaymentList,
  type UserPaymentFilter,
  updateUserContactInfo,
} from '../../../../../shared/api/admin-payments.ts';
import {
  adminCustomPlanCreate,
  adminCustomPlanList,
  adminPlanNameChoices,
} from '../../../../../shared/api/admin-plans.ts';
import type { RouteInput } from '../../../../../shared/api/define-route.ts';
import { adminCall, adminKey } from '../../../lib/console/admin-api.ts';
import { userInfoKey } from '../../console-users/api/get-user-info.ts';

/** The console's money calls (admin-payments.ts, admin-plans.ts) as queries and mutations. */
export const useConsoleSettings = () =>
  useQuery({
    queryKey: adminKey('console-settings'),
    queryFn: () => adminCall(adminConsoleSettings, {}),
    staleTime: Number.POSITIVE_INFINITY,
  });

const paymentProgressKey = (uid: string) => adminKey('payment-progress', uid);

export const usePaymentProgress = (uid: string) =>
  useQuery({
    queryKey: paymentProgressKey(uid),
    queryFn: () => adminCall(adminPaymentProgressList, { uid }),
  });

export function useCreatePaymentProgress(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<RouteInput<typeof adminPaymentProgressCreate>, 'uid'>) =>
      adminCall(adminPaymentProgressCreate, { uid, ...input }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentProgressKey(uid) }),
        queryClient.invalidateQueries({ queryKey: userInfoKey(uid) }),
      ]),
  });
}

const customPlansKey = adminKey('custom-plans');
const planNameChoicesKey = adminKey('plan-name-choices');

export const useCustomPlans = () =>
  useQuery({ queryKey: customPlansKey, queryFn: () => adminCall(adminCustomPlanList, {}) });

export const usePlanNameChoices = () =>
  useQuery({ queryKey: planNameChoicesKey, queryFn: () => adminCall(adminPlanNameChoices, {}) });

export function useCreateCustomPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<typeof adminCustomPlanCreate>) => adminCall(adminCustomPlanCreate, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: customPlansKey }),
        queryClient.invalidateQueries({ queryKey: planNameChoicesKey }),
      ]),
  });
}

/** The payment search; nothing is asked before the operator searches. */
export const usePaymentSearch = (filter: UserPaymentFilter | undefined) =>
  useQuery({
    queryKey: adminKey('payment-search', filter),
    queryFn: () => adminCall(adminUserPaymentList, filter as UserPaymentFilter),
    enabled: filter !== undefined,
    placeholderData: keepPreviousData,
  });

export function useUpdateContactInfo(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { phone: string; desc: string }) =>
      adminCall(updateUserContactInfo, { uid, ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userInfoKey(uid) }),
  });
}
