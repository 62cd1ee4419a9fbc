import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminConfigCreate,
  adminConfigDelete,
  type adminConfigList,
  adminConfigUpdate,
} from '../../../../../shared/api/configs.ts';
import type { RouteOutput } from '../../../../../shared/api/define-route.ts';
import { useUndoableWrite } from '../../../components/console/use-undoable-write.ts';
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
 * The config screens' cached list and entries, changed in place: the list is a query on an index,
 * which may lag a write by a moment, so a write puts its answer into the cache instead of reading the
 * list again at once (reading it right away could show the entry as it was).
 */
function useConfigCache() {
  const queryClient = useQueryClient();
  const patchList = (change: (configs: Config[]) => Config[]) =>
    queryClient.setQueryData<ConfigList>(configsKey, (list) =>
      list ? { configs: change(list.configs) } : list,
    );
  return {
    put(config: Config) {
      patchList((configs) =>
        [...configs.filter((entry) => entry.configId !== config.configId), config].sort(byName),
      );
      queryClient.setQueryData([...configsKey, config.configId], { config });
    },
    drop(configId: string) {
      patchList((configs) => configs.filter((entry) => entry.configId !== configId));
      queryClient.removeQueries({ queryKey: [...configsKey, configId], exact: true });
    },
    // A read in flight (a page loading or preloading the list) must not land after the write and undo it.
    settle: () => queryClient.cancelQueries({ queryKey: configsKey }),
  };
}

/**
 * The writes of the config screens. An edit is undoable (issue 19): shown at once, sent when its toast
 * goes unless undone (use-undoable-write.ts). Creating and deleting are sent at once.
 */
export function useConfigWrites() {
  const cache = useConfigCache();
  const undoableWrite = useUndoableWrite();
  return {
    create: useMutation({
      mutationFn: createConfig,
      onMutate: cache.settle,
      onSuccess: async ({ configId }, fields) => {
        await cache.settle();
        cache.put({ configId, ...fields });
      },
    }),
    update: (config: Config) =>
      undoableWrite({
        queryKeys: [configsKey],
        show: () => cache.put(config),
        send: () => updateConfig(config.configId, config),
        sent: (answer) => cache.put(answer.config),
      }),
    remove: useMutation({
      mutationFn: deleteConfig,
      onMutate: cache.settle,
      onSuccess: async ({ configId }) => {
        await cache.settle();
        cache.drop(configId);
      },
    }),
  };
}
