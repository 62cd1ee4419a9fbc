import type { UsageEntryRow } from '../../../shared/api/usage.ts';
import type { UsageEntry } from '../data/usage-repository.ts';

/** A usage entry as the console's usage list shows it (admin-console.md section 3, usage entries). */
export function toUsageRow(entry: UsageEntry): UsageEntryRow {
  return {
    id: entry.entryId,
    type: entry.usageType,
    date: entry.at,
    count: entry.count,
    success: entry.success,
    ...(entry.failure ? { failure: entry.failure } : {}),
    source: entry.source,
    paid: entry.paid,
    ...(entry.speaker ? { speaker: entry.speaker } : {}),
    ...(entry.free !== undefined ? { free: entry.free } : {}),
    ...(entry.engine ? { engine: entry.engine } : {}),
    ...(entry.clientType ? { clientType: entry.clientType } : {}),
    ...(entry.operatorEmail ? { operatorEmail: entry.operatorEmail } : {}),
    ...(entry.desc ? { desc: entry.desc } : {}),
  };
}
