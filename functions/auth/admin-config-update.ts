import { adminConfigUpdate } from '../../shared/api/auth.ts';
import { updateConfig } from '../core/data/config-repository.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(adminConfigUpdate, async ({ id, name, value }) => ({
  config: await updateConfig(id, { name, value }),
}));
