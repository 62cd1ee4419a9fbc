import { adminConfigUpdate } from '../../shared/api/configs.ts';
import { updateConfigEntry } from '../core/configs/config-entries.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminConfigUpdate, async ({ id, name, value }) => ({
  config: await updateConfigEntry(id, { name, value }),
}));
