import { queryOptions, useQuery } from '@tanstack/react-query';
import { userBilling } from '../../../../../shared/api/billing.ts';
import { callRoute } from '../../../lib/api-client.ts';

/** The signed-in account's plan as the billing page shows it (user-billing). */
export const fetchBilling = async (token: string) => (await callRoute(userBilling, {}, { token })).result;

export const billingQuery = (token: string) =>
  queryOptions({ queryKey: ['billing', token], queryFn: () => fetchBilling(token), retry: false });

export const useBilling = (token: string) => useQuery(billingQuery(token));
