import { randomBytes } from 'node:crypto';
import type { AuditOutcome } from '../../../shared/audit/audit-trail.ts';
import type { StaffRole } from '../../../shared/staff/staff-roles.ts';
import { type AuditNotes, type AuditScope, auditScopes } from './audit-scope.ts';
import { tableService } from './client.ts';
import { AuditEntry, type AuditEntryItem } from './entities/audit-entry.ts';
import { keyTime } from './key-times.ts';
import { type PagedQuery, pagedQuery, pageOptions } from './list-page.ts';

/**
 * The audit trail's only writer and reader. It appends (a put that refuses to overwrite: the key must not
 * exist) and lists; it has no update and no delete, and no other module joins the AuditEntry entity
 * (functions/core/audit/audit-trail.test.ts fails otherwise), so no route can edit or remove an entry.
 */
const db = tableService({ auditEntry: AuditEntry });

export interface AuditRecord {
  at: number;
  kind: string;
  outcome: AuditOutcome;
  errorCode?: string | undefined;
  staff: { uid: string; email: string; role?: StaffRole | undefined };
  notes: AuditNotes;
  requestId?: string | undefined;
  sourceAddress?: string | undefined;
}

export type AuditEntryRow = AuditEntryItem;

const KST_OFFSET_MS = 9 * 3600_000;
/** The KST month of an instant, `2026-11` (KST has no daylight saving: a fixed nine hours). */
export function kstMonthOf(ms: number): string {
  return new Date(ms + KST_OFFSET_MS).toISOString().slice(0, 7);
}

/** A recorded value kept short: a field longer than this (a survey form, 10,000 account ids) is cut. */
const FIELD_TEXT_MAX = 2000;

function boundedJson(fields: Record<string, unknown> | undefined): string | undefined {
  if (!fields) return undefined;
  const bounded = Object.fromEntries(
    Object.entries(fields).map(([name, value]) => {
      const text = JSON.stringify(value);
      return [
        name,
        text !== undefined && text.length > FIELD_TEXT_MAX ? `${text.slice(0, FIELD_TEXT_MAX)}…` : value,
      ];
    }),
  );
  return JSON.stringify(bounded);
}

function entryOf(record: AuditRecord): AuditEntryItem {
  const { notes } = record;
  return {
    entryId: `${record.at}-${randomBytes(6).toString('base64url')}`,
    at: record.at,
    auditMonth: kstMonthOf(record.at),
    kind: record.kind,
    outcome: record.outcome,
    ...(record.errorCode ? { errorCode: record.errorCode } : {}),
    staffUid: record.staff.uid,
    staffEmail: record.staff.email,
    ...(record.staff.role ? { staffRole: record.staff.role } : {}),
    ...(notes.targetId ? { targetId: notes.targetId, targetAt: record.at } : {}),
    targetIds: [...new Set(notes.targetIds)],
    ...(notes.before ? { before: boundedJson(notes.before) } : {}),
    ...(notes.after ? { after: boundedJson(notes.after) } : {}),
    ...(record.requestId ? { requestId: record.requestId } : {}),
    ...(record.sourceAddress ? { sourceAddress: record.sourceAddress } : {}),
  } as AuditEntryItem;
}

/** Appends one entry on its own (a sign-in event, or a call whose change no transaction carried). */
export async function appendAuditEntry(record: AuditRecord): Promise<void> {
  await db().entities.auditEntry.create(entryOf(record)).go();
}

/**
 * Runs an admin call in an audit scope: the first transaction it writes carries the record that
 * `record()` describes at that moment (audit-scope.ts). The caller reads the scope afterwards (`written`:
 * a transaction carried it; `wrote`: the call wrote anything).
 */
export function runInAuditScope<T>(
  notes: AuditNotes,
  record: () => AuditRecord,
  run: () => Promise<T>,
): { scope: AuditScope; result: Promise<T> } {
  const scope: AuditScope = {
    notes,
    written: false,
    wrote: false,
    put: () => ({ Put: db().entities.auditEntry.create(entryOf(record())).params() }),
  };
  return { scope, result: auditScopes.run(scope, run) };
}

export interface AuditPeriod {
  fromMs: number;
  toMs: number;
}

const newestFirst = (page: { cursor: string | null; limit: number }) =>
  ({ ...pageOptions(page), order: 'desc' }) as const;
const bounds = (period: AuditPeriod) =>
  [{ at: keyTime(period.fromMs) }, { at: keyTime(Math.max(period.fromMs, period.toMs - 1)) }] as const;

/** The entries of one KST month inside the period, newest first. */
export function auditEntriesOfMonth(month: string, period: AuditPeriod): PagedQuery<AuditEntryRow> {
  const { auditEntry } = db().entities;
  return pagedQuery(auditEntry, 'byMonth', (page) =>
    auditEntry.query
      .byMonth({ auditMonth: month })
      .between(...bounds(period))
      .go(newestFirst(page)),
  );
}

/** A staff member's entries in the period, newest first. */
export function auditEntriesOfStaff(staffUid: string, period: AuditPeriod): PagedQuery<AuditEntryRow> {
  const { auditEntry } = db().entities;
  return pagedQuery(auditEntry, 'byStaff', (page) =>
    auditEntry.query
      .byStaff({ staffUid })
      .between(...bounds(period))
      .go(newestFirst(page)),
  );
}

/** The entries about a target (an account's uid, a config id, a coupon code...) in the period, newest first. */
export function auditEntriesOfTarget(targetId: string, period: AuditPeriod): PagedQuery<AuditEntryRow> {
  const { auditEntry } = db().entities;
  return pagedQuery(auditEntry, 'byTarget', (page) =>
    auditEntry.query
      .byTarget({ targetId })
      .between(
        { targetAt: keyTime(period.fromMs) },
        { targetAt: keyTime(Math.max(period.fromMs, period.toMs - 1)) },
      )
      .go(newestFirst(page)),
  );
}

/** The entries of one kind (a route's name, a sign-in event) in the period, newest first. */
export function auditEntriesOfKind(kind: string, period: AuditPeriod): PagedQuery<AuditEntryRow> {
  const { auditEntry } = db().entities;
  return pagedQuery(auditEntry, 'byKind', (page) =>
    auditEntry.query
      .byKind({ kind })
      .between(...bounds(period))
      .go(newestFirst(page)),
  );
}
