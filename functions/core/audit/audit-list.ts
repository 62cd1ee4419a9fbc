import type { AuditEntryView, AuditFilter } from '../../../shared/api/audit.ts';
import type { ListPageRequest } from '../../../shared/api/list-page.ts';
import {
  AUDIT_DEFAULT_DAYS,
  AUDIT_PERIOD_MAX_DAYS,
  auditChanges,
} from '../../../shared/audit/audit-trail.ts';
import { normalizeEmail } from '../../../shared/identity/account-rules.ts';
import { kstDayRange, kstToday } from '../../../shared/time/kst.ts';
import { nowMs } from '../clock.ts';
import {
  type AuditEntryRow,
  type AuditPeriod,
  auditEntriesOfKind,
  auditEntriesOfMonth,
  auditEntriesOfStaff,
  auditEntriesOfTarget,
  kstMonthOf,
} from '../data/audit-trail-repository.ts';
import type { PagedQuery } from '../data/list-page.ts';
import { readPage } from '../data/list-page.ts';
import { findStaffByEmail } from '../data/staff-repository.ts';
import { AdminError } from '../errors.ts';

const DAY_MS = 86_400_000;

/** The period of KST days asked (the end included), by default the last 30 days, at most 400. */
export function auditPeriod(filter: Pick<AuditFilter, 'from' | 'to'>, now = nowMs()): AuditPeriod {
  const to = filter.to ?? kstToday(0, now);
  const from =
    filter.from ?? kstToday(-(AUDIT_DEFAULT_DAYS - 1), Math.min(now, Date.parse(`${to}T00:00:00+09:00`)));
  let range: { fromMs: number; toMs: number };
  try {
    range = kstDayRange(from, to);
  } catch {
    throw new AdminError('invalid_argument', 'Invalid date format');
  }
  if (range.toMs - range.fromMs > AUDIT_PERIOD_MAX_DAYS * DAY_MS)
    throw new AdminError('invalid_argument', `A period of at most ${AUDIT_PERIOD_MAX_DAYS} days`);
  return range;
}

/** The KST months a period spans, newest first. */
export function monthsOf(period: AuditPeriod): string[] {
  const months: string[] = [];
  for (let at = period.toMs - 1; ; ) {
    const month = kstMonthOf(at);
    months.push(month);
    const start = Date.parse(`${month}-01T00:00:00+09:00`);
    if (start <= period.fromMs) return months;
    at = start - 1;
  }
}

function view(row: AuditEntryRow): AuditEntryView {
  return {
    entryId: row.entryId,
    at: row.at,
    kind: row.kind,
    outcome: row.outcome,
    ...(row.errorCode ? { errorCode: row.errorCode } : {}),
    staffUid: row.staffUid,
    staffEmail: row.staffEmail,
    ...(row.staffRole ? { staffRole: row.staffRole } : {}),
    ...(row.targetId ? { targetId: row.targetId } : {}),
    targetIds: row.targetIds ?? [],
    changes: auditChanges(row.before, row.after),
    ...(row.requestId ? { requestId: row.requestId } : {}),
    ...(row.sourceAddress ? { sourceAddress: row.sourceAddress } : {}),
  };
}

/**
 * The audit list: one index query picked by the most selective filter given (the target's, the staff
 * member's, the kind's, else the period's KST months one after another), each bounded by the period and
 * newest first; the other filters keep its rows. A staff member named by an address nobody of staff has
 * lists nothing.
 */
export async function listAuditEntries(request: AuditFilter & ListPageRequest) {
  const period = auditPeriod(request);
  let staffUid = request.staff;
  if (staffUid?.includes('@')) {
    staffUid = (await findStaffByEmail(normalizeEmail(staffUid)))?.uid;
    if (!staffUid) return { entries: [], cursor: null };
  }
  const { target, kind } = request;
  let list: string;
  let queries: PagedQuery<AuditEntryRow>[];
  if (target) [list, queries] = ['audit-target', [auditEntriesOfTarget(target, period)]];
  else if (staffUid) [list, queries] = ['audit-staff', [auditEntriesOfStaff(staffUid, period)]];
  else if (kind) [list, queries] = ['audit-kind', [auditEntriesOfKind(kind, period)]];
  else
    [list, queries] = ['audit-period', monthsOf(period).map((month) => auditEntriesOfMonth(month, period))];
  const keep = (row: AuditEntryRow) =>
    (!staffUid || row.staffUid === staffUid) &&
    (!kind || row.kind === kind) &&
    (!target || row.targetId === target);
  const page = await readPage(list, queries, request, target || staffUid || kind ? keep : undefined);
  return { entries: page.rows.map(view), cursor: page.cursor };
}
