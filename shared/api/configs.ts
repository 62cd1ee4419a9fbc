import * as z from 'zod';
import { checkConfigValue } from '../configs/config-entries.ts';
import { defineRoute } from './define-route.ts';

const ConfigId = z.string().min(1).max(64);
/** A configuration entry: the value is text (often JSON) read by the feature that owns the name. */
export const ConfigSchema = z.object({
  configId: ConfigId,
  name: z.string().min(1).max(128),
  value: z.string().max(64_000),
});
const ConfigBody = ConfigSchema.omit({ configId: true });
/** A value is saved only in the form its entry is read in (shared/configs/config-entries.ts). */
const CheckedConfigBody = ConfigBody.superRefine(checkConfigValue);

export const adminConfigCreate = defineRoute({
  name: 'adminConfigCreate',
  service: 'auth',
  method: 'POST',
  path: '/admin-config',
  caller: 'admin',
  role: 'admin',
  summary: 'Create a configuration entry; names are unique, and a JSON entry’s value must have its form',
  request: CheckedConfigBody,
  response: z.object({ configId: ConfigId }),
  handler: 'configs/admin-config-create',
  grants: ['table:read', 'table:write'],
});

export const adminConfigList = defineRoute({
  name: 'adminConfigList',
  service: 'auth',
  method: 'GET',
  path: '/admin-config',
  caller: 'admin',
  role: 'viewer',
  summary: 'List every configuration entry, by name',
  request: z.object({}),
  response: z.object({ configs: z.array(ConfigSchema) }),
  handler: 'configs/admin-config-list',
  grants: ['table:read'],
});

export const adminConfigGet = defineRoute({
  name: 'adminConfigGet',
  service: 'auth',
  method: 'GET',
  path: '/admin-config/{id}',
  caller: 'admin',
  role: 'viewer',
  summary: 'One configuration entry',
  request: z.object({ id: ConfigId }),
  response: z.object({ config: ConfigSchema }),
  handler: 'configs/admin-config-get',
  grants: ['table:read'],
});

export const adminConfigUpdate = defineRoute({
  name: 'adminConfigUpdate',
  service: 'auth',
  method: 'PUT',
  path: '/admin-config/{id}',
  caller: 'admin',
  role: 'admin',
  summary:
    'Replace the name and value of a configuration entry (a JSON entry’s value must have its form; an ' +
    'entry the product needs keeps its name)',
  request: ConfigBody.extend({ id: ConfigId }).superRefine(checkConfigValue),
  response: z.object({ config: ConfigSchema }),
  handler: 'configs/admin-config-update',
  grants: ['table:read', 'table:write'],
});

export const adminConfigDelete = defineRoute({
  name: 'adminConfigDelete',
  service: 'auth',
  method: 'DELETE',
  path: '/admin-config/{id}',
  caller: 'admin',
  role: 'admin',
  summary: 'Delete a configuration entry (not one the product needs: tts-voices, download-packages)',
  request: z.object({ id: ConfigId }),
  response: z.object({ configId: ConfigId }),
  handler: 'configs/admin-config-delete',
  grants: ['table:read', 'table:write'],
});

export const configRoutes = [
  adminConfigCreate,
  adminConfigList,
  adminConfigGet,
  adminConfigUpdate,
  adminConfigDelete,
] as const;
