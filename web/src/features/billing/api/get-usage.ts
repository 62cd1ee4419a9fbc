import { queryOptions, useQuery } from '@tanstack/react-query';
import { userUsage } from '../../../../../shared/api/usage.ts';
import { callRoute } from '../../../lib/api-client.ts';

/** Where the account stands this month (user-usage): used against the limit per feature. */
export const fetchUsage = async (token: string) => (await callRoute(userUsage, {}, { token })).result;

export const usageQuery = (token: string) =>
  queryOptions({ queryKey: ['billing', token, 'usage'], queryFn: () => fetchUsage(token), retry: false });

export const useUsage = (token: string) => useQuery(usageQuery(token));
