import { createHash } from 'node:crypto';
import { BULK_REPEAT_REFUSAL, BULK_REPEAT_WINDOW_MS } from '../../../shared/jobs/bulk-repeat.ts';
import { nowMs } from '../clock.ts';
import { claimBulkFingerprint } from '../data/job-repository.ts';
import { AdminError } from '../errors.ts';

/** The same accounts (in any order, e-mails in any case) with the same fields give the same fingerprint. */
function fingerprintOf(kind: string, items: readonly string[], fields: Record<string, unknown>): string {
  const accounts = [...new Set(items.map((item) => (item.includes('@') ? item.toLowerCase() : item).trim()))];
  const sortedFields = Object.keys(fields)
    .sort()
    .map((name) => [name, fields[name]]);
  return createHash('sha256')
    .update(JSON.stringify([kind, accounts.sort(), sortedFields]))
    .digest('base64url');
}

/**
 * Claims a bulk request before its job is queued: a request equal to one claimed less than
 * BULK_REPEAT_WINDOW_MS ago is refused ('conflict', BULK_REPEAT_REFUSAL) unless `confirmRepeat`. The
 * claim is one conditional write, so of two equal requests sent at once only one is queued.
 */
export async function claimBulkRequest(request: {
  kind: string;
  items: readonly string[];
  fields: Record<string, unknown>;
  confirmRepeat: boolean;
}): Promise<void> {
  const now = nowMs();
  const expiresAt = now + BULK_REPEAT_WINDOW_MS;
  const claim = {
    fingerprint: fingerprintOf(request.kind, request.items, request.fields),
    jobKind: request.kind,
    expiresAt,
    ttl: Math.ceil(expiresAt / 1000) + 86_400,
  };
  if (!(await claimBulkFingerprint(claim, now, request.confirmRepeat))) {
    throw new AdminError('conflict', BULK_REPEAT_REFUSAL);
  }
}
