import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminUserList, type UserListFilter } from '../../../../../shared/api/admin-users.ts';
import { adminCall, adminKey } from '../../../lib/console/admin-api.ts';

export const getUserList = (filter: UserListFilter) => adminCall(adminUserList, filter);

export const userListQueryOptions = (filter: UserListFilter) =>
  queryOptions({
    queryKey: adminKey('user-list', filter),
    queryFn: () => getUserList(filter),
    placeholderData: keepPreviousData,
  });

export const useUserList = (filter: UserListFilter) => useQuery(userListQueryOptions(filter));
