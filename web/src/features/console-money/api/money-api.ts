import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminCustomPlanCreate,
  adminCustomPlanList,
  adminPlanNameChoices,
} from '../../../../../shared/api/custom-plans.ts';
import type { RouteInput, RouteOutput } from '../../../../../shared/api/define-route.ts';
import type { ListPageRequest } from '../../../../../shared/api/list-page.ts';
import {
  adminConsoleSettings,
  adminPaymentProgressCreate,
  adminPaymentProgressList,
  adminUserPaymentList,
  type UserPaymentFilter,
  updateUserContactInfo,
} from '../../../../../shared/api/payments.ts';
import { usePagedList } from '../../../components/console/list/paged-list.ts';
import { adminCall, adminKey } from '../../../lib/console/admin-api.ts';
import { userInfoKey } from '../../console-users/index.ts';

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

const paymentsOf = (page: RouteOutput<typeof adminUserPaymentList>) => page.users;

/** The payment search, a page at a time; nothing is asked without an identifying filter. */
export const usePaymentSearch = (filter: UserPaymentFilter, identified: boolean) =>
  usePagedList({
    queryKey: adminKey('payment-search', filter),
    fetchPage: (page: ListPageRequest) => adminCall(adminUserPaymentList, { ...filter, ...page }),
    rowsOf: paymentsOf,
    enabled: identified,
  });

export function useUpdateContactInfo(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { phone: string; desc: string }) =>
      adminCall(updateUserContactInfo, { uid, ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userInfoKey(uid) }),
  });
}
