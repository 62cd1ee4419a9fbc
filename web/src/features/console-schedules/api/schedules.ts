import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteInput } from '../../../../../shared/api/define-route.ts';
import type { ListPageRequest } from '../../../../../shared/api/list-page.ts';
import {
  adminScheduleCreate,
  adminScheduleInfo,
  adminScheduleList,
  adminScheduleUpdate,
} from '../../../../../shared/api/schedules.ts';
import { usePagedList } from '../../../components/console/list/paged-list.ts';
import { adminCall, adminKey } from '../../../lib/console/admin-api.ts';
import { ConsoleMessageError } from '../../../lib/console/error-text.ts';

/**
 * The schedule calls. Each answers `result`, or `errorCode` and `errorMsg` when the scheduler refused
 * the entry: that answer becomes the specification's 'Could not create schedule entry: {errorMsg}' (the
 * scheduler's reason is the text the specification asks for), so screens show it like any failed call.
 */
function resultOf<Result>(answer: { result?: Result | undefined; errorMsg?: string | undefined }): Result {
  if (answer.result === undefined)
    throw new ConsoleMessageError('console-schedules:entry_failed', { reason: answer.errorMsg ?? '' });
  return answer.result;
}

export const schedulesKey = adminKey('schedules');
const scheduleKey = (id: string) => [...schedulesKey, id] as const;

const scheduleListKey = [...schedulesKey, 'list'] as const;

async function schedulePage(page: ListPageRequest) {
  const answer = await adminCall(adminScheduleList, page);
  return { schedules: resultOf(answer), cursor: answer.cursor };
}
const schedulesOf = (page: Awaited<ReturnType<typeof schedulePage>>) => page.schedules;

/** The schedules, newest first, a page at a time. */
export const scheduleList = { queryKey: scheduleListKey, fetchPage: schedulePage, rowsOf: schedulesOf };
export const useSchedules = () => usePagedList(scheduleList);

export const scheduleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: scheduleKey(id),
    queryFn: async () => resultOf(await adminCall(adminScheduleInfo, { adminScheduleId: id })),
  });
export const useSchedule = (id: string) => useQuery(scheduleQueryOptions(id));

/** Create and update; both read the list and the changed schedule again afterwards. */
export function useScheduleWrites() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: schedulesKey });
  return {
    create: useMutation({
      mutationFn: async (input: RouteInput<typeof adminScheduleCreate>) =>
        resultOf(await adminCall(adminScheduleCreate, input)),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: async (input: RouteInput<typeof adminScheduleUpdate>) =>
        resultOf(await adminCall(adminScheduleUpdate, input)),
      onSuccess,
    }),
  };
}
