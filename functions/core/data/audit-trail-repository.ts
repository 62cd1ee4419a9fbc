import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditOutcome } from '../../../shared/audit/audit-trail.ts';
import type { StaffRole } from '../../../shared/staff/staff-roles.ts';
import type { NewAttentionCase } from './attention-repository.ts';
import { CHAIN_LANES, type ChainHead, chainStartHash, entryHash, type StoredEntry } from './audit-chain.ts';
import { type AuditNotes, type AuditScope, auditScopes } from './audit-scope.ts';
import { dynamo, tableService } from './client.ts';
import { AttentionCase } from './entities/attention-case.ts';
import {
  AuditChainFinding,
  AuditChainHead,
  AuditEntry,
  type AuditEntryItem,
} from './entities/audit-entry.ts';
import { keyTime } from './key-times.ts';
import { type PagedQuery, pagedQuery, pageOptions } from './list-page.ts';

/**
 * The audit trail's only writer and reader. It appends (a put that refuses to overwrite: the key must not
 * exist) and lists; it has no update and no delete, and no other module joins the AuditEntry entity
 * (functions/core/audit/audit-trail.test.ts fails otherwise), so no route can edit or remove an entry.
 * Every entry is chained to the one before it in one of its KST month's chains
 * (functions/core/data/audit-chain.ts): it takes the next place with the hash of the chain's head and
 * moves the head to itself in the same transaction, on the condition that the head is still the one it
 * read; of entries written at once one wins each place and the others chain again, each to a chain picked
 * anew (test/integration/console/audit-chain.test.ts writes 50 at once).
 */
const db = tableService({ auditEntry: AuditEntry, auditChainHead: AuditChainHead });
/** The chain check's: it also lists the breaks it finds on the attention page. */
const checkDb = tableService({
  auditEntry: AuditEntry,
  auditChainHead: AuditChainHead,
  auditChainFinding: AuditChainFinding,
  attentionCase: AttentionCase,
});

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

function entryOf(record: AuditRecord, entryId: string): AuditEntryItem {
  const { notes } = record;
  return {
    entryId,
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

const newEntryId = (at: number) => `${at}-${randomBytes(6).toString('base64url')}`;

/** How often an entry is chained again when others keep taking its place first (50 writers at once need fewer). */
const CHAIN_ATTEMPTS = 100;

/** A chain's head as the table holds it now (a consistent read: the place must be the latest). */
async function chainHead(auditMonth: string, lane: number): Promise<ChainHead | undefined> {
  const { data } = await db().entities.auditChainHead.get({ auditMonth, lane }).go({ consistent: true });
  return data ? { lane, seq: data.seq, hash: data.hash } : undefined;
}

/** A chain picked at random: writers at once spread over the month's chains. */
const anyLane = () => 1 + Math.floor(Math.random() * CHAIN_LANES);

/**
 * The two puts of a record: its entry at the place after a chain's head, chained to the head's hash, and
 * the head moved to the entry, on the condition that no other entry moved it since it was read.
 */
async function chainedPuts(record: AuditRecord, entryId: string): Promise<Record<string, unknown>[]> {
  const entry = entryOf(record, entryId);
  const lane = anyLane();
  const head = await chainHead(entry.auditMonth, lane);
  const seq = (head?.seq ?? 0) + 1;
  const { auditEntry, auditChainHead } = db().entities;
  const entryPut = auditEntry
    .create({
      ...entry,
      chainLane: lane,
      chainSeq: seq,
      prevHash: head?.hash ?? chainStartHash(entry.auditMonth, lane),
    })
    .params() as { Item: Record<string, unknown> };
  const headPut = auditChainHead
    .put({ auditMonth: entry.auditMonth, lane, seq, hash: entryHash(entryPut.Item), entryId, at: entry.at })
    .params() as Record<string, unknown>;
  const condition = head
    ? { ConditionExpression: '#seq = :headSeq', ExpressionAttributeNames: { '#seq': 'seq' } }
    : { ConditionExpression: 'attribute_not_exists(#pk)', ExpressionAttributeNames: { '#pk': 'pk' } };
  return [
    { Put: entryPut },
    {
      Put: {
        ...headPut,
        ...condition,
        ...(head ? { ExpressionAttributeValues: { ':headSeq': head.seq } } : {}),
      },
    },
  ];
}

/**
 * Whether a cancelled transaction lost only the chain's place: the record's items (from `from` on) were
 * refused for their condition or for a concurrent transaction on the head, and nothing else was. Then,
 * after a pause that grows with the attempts, the record is chained again.
 */
async function chainTaken(error: unknown, from: number, attempt: number): Promise<boolean> {
  const reasons = (error as { name?: string; CancellationReasons?: Array<{ Code?: string }> })
    .CancellationReasons;
  if ((error as { name?: string }).name !== 'TransactionCanceledException' || !reasons) return false;
  const ours = reasons.slice(from);
  const lost = ours.some(
    (reason) => reason.Code === 'ConditionalCheckFailed' || reason.Code === 'TransactionConflict',
  );
  const othersFine = reasons.slice(0, from).every((reason) => !reason.Code || reason.Code === 'None');
  if (!lost || !othersFine || attempt + 1 >= CHAIN_ATTEMPTS) return false;
  await sleep(Math.min(200, 5 * 2 ** Math.min(attempt, 6)) * Math.random());
  return true;
}

/** Appends one entry on its own (a sign-in event, or a call whose change no transaction carried). */
export async function appendAuditEntry(record: AuditRecord): Promise<void> {
  const entryId = newEntryId(record.at);
  for (let attempt = 0; ; attempt += 1) {
    const command = new TransactWriteCommand({ TransactItems: await chainedPuts(record, entryId) });
    try {
      // Its own transaction, never one that carries a call's record (audit-scope.ts).
      await auditScopes.exit(() => dynamo().send(command));
      return;
    } catch (error) {
      if (!(await chainTaken(error, 0, attempt))) throw error;
    }
  }
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
  const described = record();
  const entryId = newEntryId(described.at);
  const scope: AuditScope = {
    notes,
    written: false,
    wrote: false,
    puts: () => chainedPuts({ ...record(), at: described.at }, entryId),
    chainTaken,
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

/** Every KST month that has chains, oldest first. */
export async function chainedMonths(): Promise<string[]> {
  const { data } = await checkDb()
    .entities.auditChainHead.query.months({ chain: 'audit' })
    .go({ pages: 'all' });
  return [...new Set(data.map((head) => head.auditMonth))].sort();
}

/**
 * A month's chains as the table holds them, for the chain check: the heads first, then every entry of the
 * month as stored (raw items, keys included: what the hash covers), both read consistently.
 */
export async function monthChain(
  auditMonth: string,
): Promise<{ heads: ChainHead[]; entries: StoredEntry[] }> {
  const { data } = await checkDb()
    .entities.auditChainHead.query.byMonth({ auditMonth })
    .go({ consistent: true, pages: 'all' });
  const heads = data.map((head) => ({ lane: head.lane, seq: head.seq, hash: head.hash }));
  const query = db().entities.auditEntry.query.byMonth({ auditMonth }).params({ consistent: true }) as Record<
    string,
    unknown
  >;
  const entries: StoredEntry[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({ ...query, ...(startKey ? { ExclusiveStartKey: startKey } : {}) } as never),
    );
    entries.push(...((page.Items ?? []) as StoredEntry[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return { heads, entries };
}

/**
 * Lists a break of the chain on the attention page once: the case and the finding are written together,
 * on the condition that neither exists, so a break found by every daily check (and by two checks at
 * once) is listed once, also after an operator dismissed it. True when this call listed it.
 */
export async function listChainBreakOnce(open: NewAttentionCase, foundAt: number): Promise<boolean> {
  const { canceled, data } = await checkDb()
    .transaction.write(({ attentionCase, auditChainFinding }) => [
      auditChainFinding.create({ caseId: open.caseId, foundAt }).commit(),
      attentionCase.create(open).commit(),
    ])
    .go();
  if (!canceled) return true;
  const outcomes = data as Array<{ code: string }>;
  if (outcomes.some((outcome) => outcome.code === 'ConditionalCheckFailed')) return false;
  throw new Error(`The chain break ${open.caseId} was refused: ${JSON.stringify(outcomes)}`);
}
