import { adminAffiliateList } from '../../shared/api/admin-affiliates.ts';
import { listAffiliates } from '../core/data/affiliate-repository.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(adminAffiliateList, async () => ({
  result: (await listAffiliates()).sort((a, b) => a.name.localeCompare(b.name)),
}));
