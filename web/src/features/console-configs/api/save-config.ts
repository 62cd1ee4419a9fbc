import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminConfigCreate, adminConfigDelete, adminConfigUpdate } from '../../../../../shared/api/auth.ts';
import { adminCall } from '../../../lib/console/admin-api.ts';
import { configsKey } from './get-configs.ts';

export interface ConfigFields {
  name: string;
  value: string;
}

export const createConfig = (fields: ConfigFields) => adminCall(adminConfigCreate, fields);
export const updateConfig = (id: string, fields: ConfigFields) =>
  adminCall(adminConfigUpdate, { id, ...fields });
export const deleteConfig = (id: string) => adminCall(adminConfigDelete, { id });

/** The three writes of the config screens; each one reads the list again when it succeeds. */
export function useConfigWrites() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: configsKey });
  return {
    create: useMutation({ mutationFn: createConfig, onSuccess }),
    update: useMutation({
      mutationFn: (input: { id: string } & ConfigFields) => updateConfig(input.id, input),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: deleteConfig, onSuccess }),
  };
}
