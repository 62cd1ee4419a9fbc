import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPaymentSessionInfo } from '../../../../../shared/api/orders.ts';
import type { SessionInfo } from '../../../../../shared/orders/session-info.ts';
import { callRoute } from '../../../lib/api-client.ts';
import { paymentSessionKey } from '../../../lib/payment-cache.ts';

export async function fetchPaymentSessionInfo(guid: string, isTest: boolean): Promise<SessionInfo> {
  return (await callRoute(getPaymentSessionInfo, { guid, isTest })).sessionInfo;
}

/**
 * The session is loaded once per page: from the cache by guid when there (a payment start or a route's
 * loader left it), else fetched and cached. A failed read stays failed for the page, which says why.
 */
export const paymentSessionQuery = (guid: string, isTest: boolean) =>
  queryOptions({
    queryKey: paymentSessionKey(guid, isTest),
    queryFn: () => fetchPaymentSessionInfo(guid, isTest),
    staleTime: Number.POSITIVE_INFINITY,
    retryOnMount: false,
  });

export const usePaymentSession = (guid: string, isTest: boolean) =>
  useQuery(paymentSessionQuery(guid, isTest));
