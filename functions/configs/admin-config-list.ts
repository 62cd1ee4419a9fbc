import { adminConfigList } from '../../shared/api/configs.ts';
import { listConfigs } from '../core/data/config-repository.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminConfigList, async () => ({ configs: await listConfigs() }));
