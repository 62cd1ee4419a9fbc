import type { RouteOutput } from '../../../../../shared/api/define-route.ts';
import type { ListPageRequest } from '../../../../../shared/api/list-page.ts';
import { adminUserList, type UserListFilter } from '../../../../../shared/api/users.ts';
import { usePagedList } from '../../../components/console/list/paged-list.ts';
import { adminCall, adminKey } from '../../../lib/console/admin-api.ts';

type UserListPage = RouteOutput<typeof adminUserList>;

export const getUserList = (filter: UserListFilter & ListPageRequest) => adminCall(adminUserList, filter);

const usersOf = (page: UserListPage) => page.users;

/** Whether a filter names anything to search by (the list answers nothing without one). */
export function hasUserFilter(filter: UserListFilter): boolean {
  return Boolean(filter.uid || filter.name || filter.email || filter.referralType);
}

/** The accounts matching the filters, a page at a time. */
export const useUserList = (filter: UserListFilter) =>
  usePagedList({
    queryKey: adminKey('user-list', filter),
    fetchPage: (page: ListPageRequest) => getUserList({ ...filter, ...page }),
    rowsOf: usersOf,
    enabled: hasUserFilter(filter),
  });
