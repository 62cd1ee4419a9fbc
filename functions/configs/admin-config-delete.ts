import { adminConfigDelete } from '../../shared/api/configs.ts';
import { deleteConfigEntry } from '../core/configs/config-entries.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminConfigDelete, async ({ id }) => {
  await deleteConfigEntry(id);
  return { configId: id };
});
