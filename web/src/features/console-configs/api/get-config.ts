import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminConfigGet } from '../../../../../shared/api/configs.ts';
import { adminCall } from '../../../lib/console/admin-api.ts';
import { configsKey } from './get-configs.ts';

export const getConfig = (id: string) => adminCall(adminConfigGet, { id });

export const configQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...configsKey, id], queryFn: () => getConfig(id) });

export const useConfig = (id: string) => useQuery(configQueryOptions(id));
