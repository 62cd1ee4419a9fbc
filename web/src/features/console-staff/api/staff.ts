import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteInput } from '../../../../../shared/api/define-route.ts';
import type { ListPageRequest } from '../../../../../shared/api/list-page.ts';
import {
  adminStaffInvite,
  adminStaffList,
  adminStaffSecondFactorReset,
  adminStaffUpdate,
} from '../../../../../shared/api/staff.ts';
import { usePagedList } from '../../../components/console/list/paged-list.ts';
import { adminCall, adminKey } from '../../../lib/console/admin-api.ts';

const staffKey = adminKey('staff');

const staffPage = (page: ListPageRequest) => adminCall(adminStaffList, page);

/** The members of staff in e-mail order, a page at a time. */
export const staffList = {
  queryKey: staffKey,
  fetchPage: staffPage,
  rowsOf: (page: Awaited<ReturnType<typeof staffPage>>) => page.staff,
};
export const useStaffList = () => usePagedList(staffList);

/** A staff change; the list is read again whatever the answer (another admin may have changed it). */
function useStaffChange<I>(send: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}

export const useInviteStaff = () =>
  useStaffChange((input: RouteInput<typeof adminStaffInvite>) => adminCall(adminStaffInvite, input));
export const useUpdateStaff = () =>
  useStaffChange((input: RouteInput<typeof adminStaffUpdate>) => adminCall(adminStaffUpdate, input));
export const useResetSecondFactor = () =>
  useStaffChange((uid: string) => adminCall(adminStaffSecondFactorReset, { uid }));
