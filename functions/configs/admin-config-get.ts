import { adminConfigGet } from '../../shared/api/configs.ts';
import { getConfig } from '../core/data/config-repository.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminConfigGet, async ({ id }) => ({ config: await getConfig(id) }));
