import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AffiliateForm } from '../../../../../shared/affiliates/affiliate.ts';
import {
  adminAffiliateInfo,
  adminAffiliateList,
  adminAffiliatePaymentSettlements,
  adminAffiliateSignUpSettlements,
  adminUpsertAffiliate,
} from '../../../../../shared/api/admin-affiliates.ts';
import { adminCall, adminKey } from '../../../lib/console/admin-api.ts';

export const affiliatesKey = adminKey('affiliates');

export const affiliateListQuery = () =>
  queryOptions({
    queryKey: affiliatesKey,
    queryFn: async () => (await adminCall(adminAffiliateList, {})).result,
  });
export const useAffiliates = () => useQuery(affiliateListQuery());

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
