import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { userPaymentHistory } from '../../../../../shared/api/billing.ts';
import { callRoute } from '../../../lib/api-client.ts';

/** A page of the account's payments, newest first (user-payment-history). */
export const fetchPaymentHistory = (token: string, cursor: string | undefined) =>
  callRoute(userPaymentHistory, cursor ? { cursor } : {}, { token });

export const paymentHistoryQuery = (token: string) =>
  infiniteQueryOptions({
    queryKey: ['billing', token, 'history'],
    queryFn: ({ pageParam }) => fetchPaymentHistory(token, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.cursor ?? undefined,
    retry: false,
  });

export const usePaymentHistory = (token: string) => useInfiniteQuery(paymentHistoryQuery(token));
