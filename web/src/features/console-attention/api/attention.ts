import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminAttentionList,
  adminAttentionResolve,
  adminRefundTransferAccount,
} from '../../../../../shared/api/attention.ts';
import type { RouteInput } from '../../../../../shared/api/define-route.ts';
import type { ListPageRequest } from '../../../../../shared/api/list-page.ts';
import { usePagedList } from '../../../components/console/list/paged-list.ts';
import { adminCall, adminKey } from '../../../lib/console/admin-api.ts';

const attentionKey = adminKey('attention');

async function attentionPage(page: ListPageRequest) {
  return adminCall(adminAttentionList, page);
}
const casesOf = (page: Awaited<ReturnType<typeof attentionPage>>) => page.result;

/** The open cases, oldest first, a page at a time. */
export const attentionList = { queryKey: attentionKey, fetchPage: attentionPage, rowsOf: casesOf };
export const useAttentionCases = () => usePagedList(attentionList);

/** Ends a case; the list is read again whatever the answer (another operator may have ended it). */
export function useResolveAttention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RouteInput<typeof adminAttentionResolve>) =>
      (await adminCall(adminAttentionResolve, input)).result,
    onSettled: () => queryClient.invalidateQueries({ queryKey: attentionKey }),
  });
}

/**
 * The whole account number of a transfer still owed, asked only when the operator presses to see it
 * (each reading is in the audit trail), and forgotten as soon as the dialog that showed it closes.
 */
export const useTransferAccount = () =>
  useMutation({
    gcTime: 0,
    mutationFn: async (caseId: string) => (await adminCall(adminRefundTransferAccount, { caseId })).result,
  });
