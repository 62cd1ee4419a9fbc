import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPaymentSessionInfo } from '../../../../../shared/api/orders.ts';
import type { SessionInfo } from '../../../../../shared/orders/session-info.ts';
import { callRoute } from '../../../lib/api-client.ts';

export const paymentSessionKey = (guid: string, isTest: boolean) =>
  ['payment-session', guid, isTest] as const;

export async function fetchPaymentSessionInfo(guid: string, isTest: boolean): Promise<SessionInfo> {
  return (await callRoute(getPaymentSessionInfo, { guid, isTest })).sessionInfo;
}

/** The session is loaded once per page: from the cache by guid when there, else fetched and cached. */
export const paymentSessionQuery = (guid: string, isTest: boolean) =>
  queryOptions({
    queryKey: paymentSessionKey(guid, isTest),
    queryFn: () => fetchPaymentSessionInfo(guid, isTest),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const usePaymentSession = (guid: string, isTest: boolean) =>
  useQuery(paymentSessionQuery(guid, isTest));
