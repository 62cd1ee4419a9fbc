import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteInput } from '../../../../../shared/api/define-route.ts';
import {
  adminBulkUsageCreate,
  adminUsageCreate,
  adminUsageList,
  type UsageListType,
} from '../../../../../shared/api/usage.ts';
import type { BulkUsageGrantInput } from '../../../../../shared/usage/usage-grant-rules.ts';
import { adminCall, adminKey } from '../../../lib/console/admin-api.ts';
import { userInfoKey } from '../../console-users/index.ts';

export interface UsageQuery {
  uid: string;
  from: number;
  to: number;
  usageType: UsageListType;
}

const usageKey = (uid: string) => adminKey('usage-list', uid);

export const useUsageList = (query: UsageQuery | undefined) =>
  useQuery({
    queryKey: [...usageKey(query?.uid ?? ''), query],
    queryFn: () => adminCall(adminUsageList, query as UsageQuery),
    enabled: query !== undefined,
  });

export function useGrantUsage(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<RouteInput<typeof adminUsageCreate>, 'uid'>) =>
      adminCall(adminUsageCreate, { uid, ...input }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usageKey(uid) }),
        queryClient.invalidateQueries({ queryKey: userInfoKey(uid) }),
      ]),
  });
}

/** Queues a bulk usage grant; the page follows the job with the console's bulk-job progress. */
export const bulkUsageGrant = (input: BulkUsageGrantInput) => adminCall(adminBulkUsageCreate, input);
