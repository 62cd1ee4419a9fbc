import { adminConfigCreate } from '../../shared/api/configs.ts';
import { createConfig } from '../core/data/config-repository.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminConfigCreate, async (input) => {
  const { configId } = await createConfig(input);
  return { configId };
});
