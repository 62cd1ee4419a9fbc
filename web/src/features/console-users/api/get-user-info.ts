import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminUserInfo } from '../../../../../shared/api/users.ts';
import { adminCall, adminKey } from '../../../lib/console/admin-api.ts';

export const getUserInfo = (uid: string) => adminCall(adminUserInfo, { uid });

export const userInfoKey = (uid: string) => adminKey('user-info', uid);

export const userInfoQueryOptions = (uid: string) =>
  queryOptions({ queryKey: userInfoKey(uid), queryFn: () => getUserInfo(uid) });

export const useUserInfo = (uid: string) => useQuery(userInfoQueryOptions(uid));
