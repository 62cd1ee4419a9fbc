import { adminConfigDelete } from '../../shared/api/configs.ts';
import { deleteConfigEntry } from '../core/configs/config-entries.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(adminConfigDelete, async ({ id }) => {
  await deleteConfigEntry(id);
  return { configId: id };
});
