import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminConfigCreate,
  adminConfigDelete,
  type adminConfigList,
  adminConfigUpdate,
} from '../../../../../shared/api/auth.ts';
import type { RouteOutput } from '../../../../../shared/api/define-route.ts';
import { adminCall } from '../../../lib/console/admin-api.ts';
import { configsKey } from './get-configs.ts';

export interface ConfigFields {
  name: string;
  value: string;
}
type ConfigList = RouteOutput<typeof adminConfigList>;
type Config = ConfigList['configs'][number];

export const createConfig = (fields: ConfigFields) => adminCall(adminConfigCreate, fields);
export const updateConfig = (id: string, fields: ConfigFields) =>
  adminCall(adminConfigUpdate, { id, ...fields });
export const deleteConfig = (id: string) => adminCall(adminConfigDelete, { id });

const byName = (a: Config, b: Config) => a.name.localeCompare(b.name);

/**
 * The three writes of the config screens. Each puts its answer into the cached list (and entry)
 * itself instead of reading the list again at once: the list is a query on an index, which may lag a
 * write by a moment, and reading it right away could show the entry as it was.
 */
export function useConfigWrites() {
  const queryClient = useQueryClient();
  const patchList = (change: (configs: Config[]) => Config[]) =>
    queryClient.setQueryData<ConfigList>(configsKey, (list) =>
      list ? { configs: change(list.configs) } : list,
    );
  // A read in flight (a page loading or preloading the list) must not land after the write and undo it.
  const onMutate = () => queryClient.cancelQueries({ queryKey: configsKey });
  const put = async (config: Config) => {
    await queryClient.cancelQueries({ queryKey: configsKey });
    patchList((configs) =>
      [...configs.filter((entry) => entry.configId !== config.configId), config].sort(byName),
    );
    queryClient.setQueryData([...configsKey, config.configId], { config });
  };
  return {
    create: useMutation({
      mutationFn: createConfig,
      onMutate,
      onSuccess: ({ configId }, fields) => put({ configId, ...fields }),
    }),
    update: useMutation({
      mutationFn: (input: { id: string } & ConfigFields) => updateConfig(input.id, input),
      onMutate,
      onSuccess: ({ config }) => put(config),
    }),
    remove: useMutation({
      mutationFn: deleteConfig,
      onMutate,
      onSuccess: async ({ configId }) => {
        await queryClient.cancelQueries({ queryKey: configsKey });
        patchList((configs) => configs.filter((entry) => entry.configId !== configId));
        queryClient.removeQueries({ queryKey: [...configsKey, configId], exact: true });
      },
    }),
  };
}
