import { adminUsageList } from '../../shared/api/usage.ts';
import { listUsageEntries } from '../core/data/usage-repository.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';
import { toUsageRow } from '../core/usage/usage-rows.ts';

export const handler = defineHandler(adminUsageList, async ({ uid, from, to, usageType }) => {
  const entries = await listUsageEntries({
    uid,
    from,
    to,
    ...(usageType === 'ALL' ? {} : { usageType }),
  });
  return { results: entries.map(toUsageRow) };
});
