import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AffiliateForm } from '../../../../../shared/affiliates/affiliate.ts';
import {
  adminAffiliateInfo,
  adminAffiliateList,
  adminAffiliatePaymentSettlements,
  adminAffiliateSignUpSettlements,
  adminUpsertAffiliate,
} from '../../../../../shared/api/affiliates.ts';
import type { RouteOutput } from '../../../../../shared/api/define-route.ts';
import type { ListPageRequest } from '../../../../../shared/api/list-page.ts';
import { usePagedList } from '../../../components/console/list/paged-list.ts';
import { adminCall, adminKey } from '../../../lib/console/admin-api.ts';

export const affiliatesKey = adminKey('affiliates');

const affiliatesOf = (page: RouteOutput<typeof adminAffiliateList>) => page.result;

/** The affiliates by coupon code, a page at a time. */
export const affiliateList = {
  queryKey: [...affiliatesKey, 'list'],
  fetchPage: (page: ListPageRequest) => adminCall(adminAffiliateList, page),
  rowsOf: affiliatesOf,
};
export const useAffiliates = () => usePagedList(affiliateList);

export const affiliateQuery = (couponCode: string) =>
  queryOptions({
    queryKey: [...affiliatesKey, couponCode],
    queryFn: async () => (await adminCall(adminAffiliateInfo, { couponCode })).result,
  });
export const useAffiliate = (couponCode: string) => useQuery(affiliateQuery(couponCode));

export function useSaveAffiliate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (affiliate: AffiliateForm) => (await adminCall(adminUpsertAffiliate, affiliate)).result,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: affiliatesKey }),
  });
}

/** Both settlement tables of a searched KST day range (none before the first search). */
export function useSettlements(range: { from: string; to: string } | undefined) {
  const enabled = range !== undefined;
  const input = range ?? { from: '', to: '' };
  return {
    signUps: useQuery({
      queryKey: adminKey('affiliate-sign-up-settlements', input),
      queryFn: async () => (await adminCall(adminAffiliateSignUpSettlements, input)).result,
      enabled,
    }),
    payments: useQuery({
      queryKey: adminKey('affiliate-payment-settlements', input),
      queryFn: async () => (await adminCall(adminAffiliatePaymentSettlements, input)).result,
      enabled,
    }),
  };
}
