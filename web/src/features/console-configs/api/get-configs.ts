import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminConfigList } from '../../../../../shared/api/configs.ts';
import { adminCall, adminKey } from '../../../lib/console/admin-api.ts';

export const getConfigs = () => adminCall(adminConfigList, {});

export const configsKey = adminKey('configs');

/**
 * The list is a query on an index, which may lag a write by a moment; the config screens put their own
 * writes into the cached list (save-config.ts). A list read or written in the last few seconds is kept
 * as it is, so that opening the list right after a save does not read the index before it has the save.
 */
const LIST_FRESH_MS = 5_000;

export const configsQueryOptions = () =>
  queryOptions({ queryKey: configsKey, queryFn: getConfigs, staleTime: LIST_FRESH_MS });

export const useConfigs = () => useQuery(configsQueryOptions());
