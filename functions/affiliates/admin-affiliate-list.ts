import { adminAffiliateList } from '../../shared/api/affiliates.ts';
import { affiliatesQuery } from '../core/data/affiliate-repository.ts';
import { readPage } from '../core/data/list-page.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminAffiliateList, async (page) => {
  const { rows, cursor } = await readPage('affiliates', [affiliatesQuery()], page);
  return { result: rows, cursor };
});
