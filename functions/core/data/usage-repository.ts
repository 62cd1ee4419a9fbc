import type { FreeCounter, PaidCounter, UsageType } from '../../../shared/usage/usage-rules.ts';
import { FREE_COUNTERS, PAID_COUNTERS } from '../../../shared/usage/usage-rules.ts';
import { BATCH_GET_CONCURRENCY, batchGet } from './batch-get.ts';
import { tableService } from './client.ts';
import { JobBatchCount } from './entities/job.ts';
import {
  UsageCounter,
  type UsageCounterItem,
  UsageEntry as UsageEntryEntity,
  type UsageEntryItem,
} from './entities/usage.ts';
import { UserActivity } from './entities/user-activity.ts';
import { type JobMessage, messageCountCommit } from './job-repository.ts';
import { keyTime } from './key-times.ts';
import {
  conditionFailed,
  type ItemOutcomes,
  lostToConcurrentWrite,
  type TransactionEntities,
} from './transaction.ts';
import { type AdminActivity, activityCommit } from './user-activity-repository.ts';

const db = tableService({
  jobBatchCount: JobBatchCount,
  usageCounter: UsageCounter,
  usageEntry: UsageEntryEntity,
  userActivity: UserActivity,
});

/**
 * An account's usage: its monthly counters (one item) and its entries (one per recording, refusal or
 * grant). Counters move only by conditional writes in the same transaction as the entry that moves
 * them, so an entry and its count are written together or not at all, and a retried recording (same
 * entry id) never counts twice.
 */
export type UsageCounters = UsageCounterItem;
export type UsageEntry = UsageEntryItem;

/** Which group of counters a write moves: the FREE month's or the paid plan's. */
export type CounterGroup = 'free' | 'paid';
const GROUP = {
  free: { counters: FREE_COUNTERS, updatedAt: 'lastUpdatedMonthly' },
  paid: { counters: PAID_COUNTERS, updatedAt: 'paidLastUpdatedMonthly' },
} as const;

/** Usage entries are kept two years (the console lists them; nothing older is asked for). */
const ENTRY_RETENTION_SECONDS = 2 * 366 * 24 * 3600;

/** The expiry (epoch seconds) of an entry written at `at`. */
export function usageEntryTtl(at: number): number {
  return Math.floor(at / 1000) + ENTRY_RETENTION_SECONDS;
}

export async function getUsageCounters(uid: string): Promise<UsageCounters | undefined> {
  const { data } = await db().entities.usageCounter.get({ uid }).go({ consistent: true });
  return data ?? undefined;
}

/** The counters of many accounts, by uid, in one strongly consistent BatchGet. */
export async function getUsageCountersOf(uids: readonly string[]): Promise<Map<string, UsageCounters>> {
  const counters = await batchGet(
    [...new Set(uids)].map((uid) => ({ uid })),
    (keys) =>
      db().entities.usageCounter.get(keys).go({ consistent: true, concurrency: BATCH_GET_CONCURRENCY }),
  );
  return new Map(counters.map((item) => [item.uid, item]));
}

export async function getUsageEntry(uid: string, entryId: string): Promise<UsageEntry | undefined> {
  const { data } = await db().entities.usageEntry.get({ uid, entryId }).go({ consistent: true });
  return data ?? undefined;
}

/**
 * How one write moves a group of counters:
 * - `add`: the group's month is current (its last update is not before `resetAt`); each delta is added,
 *   on the condition that the month is still current and, for `ceiling`, that the counter stays at or
 *   under it after the addition;
 * - `restart`: the group's month has passed (or never began); every counter of the group is set (the
 *   deltas, the rest zero), on the condition that nobody restarted it meanwhile.
 */
export interface CounterMove {
  group: CounterGroup;
  mode: 'add' | 'restart';
  resetAt: number;
  at: number;
  deltas: Partial<Record<FreeCounter | PaidCounter, number>>;
  /** A counter that must not pass a limit: its name and the limit. */
  ceiling?: { counter: FreeCounter | PaidCounter; limit: number };
}

export type UsageWriteOutcome = 'written' | 'entry-exists' | 'counter-moved' | 'conflict';

/** One account's usage write: its entries and, when given, their counter move and the operator's activity. */
export interface UsageWrite {
  entries: readonly UsageEntry[];
  move?: CounterMove;
  activity?: AdminActivity;
}

/** A transaction holds at most 100 writes (DynamoDB's TransactWriteItems limit). */
export const WRITES_PER_TRANSACTION = 100;

/** How many of a transaction's writes a usage write takes. */
export function usageWriteSize(write: UsageWrite): number {
  return write.entries.length + (write.move ? 1 : 0) + (write.activity ? 1 : 0);
}

/**
 * Writes an account's entries with their counter move (and the operator's activity) in one transaction.
 * 'entry-exists' when an entry with one of these ids is there already (a replay); 'counter-moved' when
 * the counters are no longer what the move was planned on (another write restarted the month or took
 * the quota); 'conflict' when a concurrent transaction on the same items won (worth another try as
 * planned).
 */
export async function writeUsage(
  entries: readonly UsageEntry[],
  move: CounterMove | undefined,
): Promise<UsageWriteOutcome> {
  const [outcome] = await writeUsages([{ entries, move }]);
  return outcome as UsageWriteOutcome;
}

/**
 * Writes several accounts' usage writes (of distinct accounts, at most WRITES_PER_TRANSACTION writes in
 * all, one fewer with `countedOn`) in one transaction: all or none. Answers each write's outcome as
 * writeUsage does; a write cancelled only because another one of the transaction failed is a
 * 'conflict' (worth another try as planned). `countedOn`: the bulk message whose items these writes
 * are, counted as succeeded in the same transaction, so that an item counts exactly when its entries
 * are first written and needs no outcome item of its own.
 */
export async function writeUsages(
  writes: readonly UsageWrite[],
  countedOn?: JobMessage,
): Promise<UsageWriteOutcome[]> {
  const { canceled, data } = await db()
    .transaction.write(({ usageEntry, usageCounter, userActivity, jobBatchCount }) => [
      ...writes.flatMap(({ entries, move, activity }) => [
        ...entries.map((entry) => usageEntry.create(entry).commit()),
        ...(move ? [counterUpdate(usageCounter, entries[0]?.uid ?? '', move)] : []),
        ...(activity ? [activityCommit({ userActivity }, activity)] : []),
      ]),
      ...(countedOn
        ? [messageCountCommit({ jobBatchCount }, countedOn, { succeeded: writes.length, failed: 0 })]
        : []),
    ])
    .go();
  if (!canceled) return writes.map(() => 'written');
  const reasons = data as ItemOutcomes;
  let first = 0;
  const outcomes = writes.map((write): UsageWriteOutcome | undefined => {
    const own = reasons.slice(first, first + usageWriteSize(write));
    first += usageWriteSize(write);
    if (write.entries.some((_, index) => conditionFailed(own, index))) return 'entry-exists';
    if (write.move && conditionFailed(own, write.entries.length)) return 'counter-moved';
    if (lostToConcurrentWrite(own)) return 'conflict';
    return undefined;
  });
  // The count's write (last) has no condition: it can only have lost to a concurrent transaction.
  if (outcomes.every((outcome) => outcome === undefined) && !lostToConcurrentWrite(reasons.slice(first)))
    throw new Error('The usage write was cancelled for an unexpected reason');
  return outcomes.map((outcome) => outcome ?? 'conflict');
}

type CounterEntity = Parameters<
  Parameters<ReturnType<typeof db>['transaction']['write']>[0]
>[0]['usageCounter'];

function counterUpdate(usageCounter: CounterEntity, uid: string, move: CounterMove) {
  const { counters, updatedAt } = GROUP[move.group];
  const update = usageCounter.update({ uid });
  if (move.mode === 'restart') {
    const values = Object.fromEntries(counters.map((counter) => [counter, move.deltas[counter] ?? 0]));
    return update
      .set({ ...values, [updatedAt]: move.at })
      .where((attr, op) => `${op.notExists(attr[updatedAt])} OR ${op.lt(attr[updatedAt], move.resetAt)}`)
      .commit();
  }
  const ceiling = move.ceiling;
  return update
    .add(move.deltas)
    .set({ [updatedAt]: move.at })
    .where((attr, op) => {
      const current = op.gte(attr[updatedAt], move.resetAt);
      if (!ceiling) return current;
      const room = ceiling.limit - (move.deltas[ceiling.counter] ?? 0);
      return `${current} AND (${op.notExists(attr[ceiling.counter])} OR ${op.lte(attr[ceiling.counter], room)})`;
    })
    .commit();
}

/**
 * An account's entries over [from, to), newest first; of one type, or of all types. The range is read
 * inclusively on the index (its sort key is `at` then the entry id) and the end trimmed here.
 */
export async function listUsageEntries(query: {
  uid: string;
  from: number;
  to: number;
  usageType?: UsageType;
}): Promise<UsageEntry[]> {
  const { uid, from, to, usageType } = query;
  const range = [{ at: keyTime(from) }, { at: keyTime(to) }] as const;
  const entries = db().entities.usageEntry.query;
  const { data } = usageType
    ? await entries
        .byUserTypeTime({ uid, usageType })
        .between(...range)
        .go({ order: 'desc', pages: 'all' })
    : await entries
        .byUserTime({ uid })
        .between(...range)
        .go({ order: 'desc', pages: 'all' });
  return data.filter((entry) => entry.at < to);
}

/** The eraser's reset: the one paid counter of its usage type goes back to zero (the rest untouched). */
export function eraserResetItem(
  tx: Pick<TransactionEntities, 'usageCounter'>,
  uid: string,
  counter: PaidCounter,
) {
  return tx.usageCounter
    .update({ uid })
    .set({ [counter]: 0 })
    .commit();
}
