import { adminUpsertAffiliate } from '../../shared/api/affiliates.ts';
import { putAffiliate } from '../core/data/affiliate-repository.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminUpsertAffiliate, async (affiliate) => ({
  result: await putAffiliate(affiliate),
}));
