import { adminConfigDelete } from '../../shared/api/auth.ts';
import { deleteConfig } from '../core/data/config-repository.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(adminConfigDelete, async ({ id }) => {
  await deleteConfig(id);
  return { configId: id };
});
