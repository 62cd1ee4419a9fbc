import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminConfigList } from '../../../../../shared/api/auth.ts';
import { adminCall, adminKey } from '../../../lib/console/admin-api.ts';

export const getConfigs = () => adminCall(adminConfigList, {});

export const configsKey = adminKey('configs');

export const configsQueryOptions = () => queryOptions({ queryKey: configsKey, queryFn: getConfigs });

export const useConfigs = () => useQuery(configsQueryOptions());
