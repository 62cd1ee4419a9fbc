import { setTimeout as sleep } from 'node:timers/promises';
import {
  grantDeltas,
  type UsageGrantAmounts,
  usageGrantAmountsRule,
} from '../../../shared/usage/usage-grant-rules.ts';
import { counterFor, METERED_USAGE_TYPES } from '../../../shared/usage/usage-rules.ts';
import { nowMs } from '../clock.ts';
import type { JobMessage } from '../data/job-repository.ts';
import {
  type UsageEntry,
  type UsageWrite,
  usageEntryTtl,
  usageWriteSize,
  WRITES_PER_TRANSACTION,
  writeUsages,
} from '../data/usage-repository.ts';
import type { Operator } from '../data/user-activity-repository.ts';
import { getUser } from '../data/user-repository.ts';
import { AdminError } from '../errors.ts';
import { type UsageStanding, usageStanding, usageStandings } from './usage-standing.ts';

export interface UsageGrant {
  uid: string;
  /**
   * Names the grant, so that a grant sent twice (a retried request, a redelivered bulk batch) moves the
   * counters once: the console sends one per form submission, a bulk job its job id and item index.
   */
  grantId: string;
  /** The form's fields, checked here with the console's rule (usage-grant-rules.ts). */
  amounts: unknown;
  operator: Operator;
}

export type GrantOutcome = { granted: true; standing: UsageStanding } | { granted: false; replay: true };

const MAX_ATTEMPTS = 10;

/**
 * An operator's usage grant (admin-console.md sections 3 and 5; /auth/admin-usage-create calls this, the
 * bulk usage job `writeGrants` with its message's standings): moves the account's current monthly counters (the active plan's, else the
 * FREE month's) by the grant's amounts, one grant entry per moved type with the operator and the
 * reason, and records the admin activity. A negative amount gives quota back; a positive one uses it up
 * and needs allowPlus. The counters may go below zero (more than the plan's quota is left this month);
 * the month's reset clears a grant with everything else.
 */
export async function grantUsage(grant: UsageGrant): Promise<GrantOutcome> {
  const amounts = grantAmounts(grant.amounts);
  if (!(await getUser(grant.uid))) throw new AdminError('not_found', `No user ${grant.uid}`);
  const at = nowMs();
  const [written] = await writeGrants([{ grant, standing: await usageStanding(grant.uid, at) }], amounts, at);
  if (!written) return { granted: false, replay: true };
  return { granted: true, standing: await usageStanding(grant.uid) };
}

/** The grant's fields checked with the console's rule (usage-grant-rules.ts): an `invalid_argument` else. */
export function grantAmounts(fields: unknown): UsageGrantAmounts {
  const parsed = usageGrantAmountsRule.safeParse(fields);
  if (!parsed.success)
    throw new AdminError('invalid_argument', parsed.error.issues[0]?.message ?? 'Invalid grant');
  return parsed.data;
}

/** A grant to an existing account, with where the account stood when it was read. */
export interface PlannedGrant {
  grant: UsageGrant;
  standing: UsageStanding;
}

/**
 * Writes grants to existing accounts, each its entries, the counters' move and the operator's activity,
 * planned on its standing as read at `at` (a bulk job reads its message's standings together). The
 * grants of distinct accounts go in one transaction while they fit, so a bulk message is a few
 * transactions rather than one per account. A grant the counters moved under, or whose transaction
 * lost to a concurrent one, is planned again on a fresh read. Answers, in order, false for a grant
 * written before (a replay: nothing is written twice), true for the others. A bulk job's grants are
 * counted on their message (`countedOn`) in the transactions that write them.
 */
export async function writeGrants(
  grants: readonly PlannedGrant[],
  amounts: UsageGrantAmounts,
  at: number,
  countedOn?: JobMessage,
): Promise<boolean[]> {
  const written: boolean[] = [];
  let pending = grants.map((planned, index) => ({ ...planned, index, at }));
  for (let attempt = 1; pending.length > 0; attempt += 1) {
    if (attempt > MAX_ATTEMPTS)
      throw new AdminError('db-error', 'The usage grant could not be written: the counters kept changing');
    const retry: typeof pending = [];
    for (const transaction of transactionsOf(
      pending.map((planned) => ({ planned, write: grantWrite(planned, amounts) })),
      WRITES_PER_TRANSACTION - (countedOn ? 1 : 0),
    )) {
      const outcomes = await writeUsages(
        transaction.map(({ write }) => write),
        countedOn,
      );
      for (const [position, outcome] of outcomes.entries()) {
        const { planned } = transaction[position] as (typeof transaction)[number];
        if (outcome === 'written' || outcome === 'entry-exists')
          written[planned.index] = outcome === 'written';
        else retry.push(planned);
      }
    }
    if (retry.length === 0) break;
    await sleep(Math.random() * 10 * attempt);
    const now = nowMs();
    const standings = await usageStandings(
      retry.map((planned) => planned.grant.uid),
      now,
    );
    pending = retry.map((planned) => ({
      ...planned,
      standing: standings.get(planned.grant.uid) ?? planned.standing,
      at: now,
    }));
  }
  return written;
}

/** One grant's write: its entries, the counters' move and the operator's activity. */
function grantWrite(planned: PlannedGrant & { at: number }, amounts: UsageGrantAmounts): UsageWrite {
  const { grant, standing, at } = planned;
  const moves = grantMoves(amounts, standing.group === 'paid');
  return {
    entries: moves.map(({ type, delta }) => grantEntry(grant, amounts, standing, type, delta, at)),
    move: {
      group: standing.group,
      mode: standing.current ? 'add' : 'restart',
      resetAt: standing.resetAt,
      at,
      deltas: Object.fromEntries(moves.map(({ counter, delta }) => [counter, delta])),
    },
    activity: { uid: grant.uid, action: 'usage.grant', desc: amounts.desc, operator: grant.operator },
  };
}

/**
 * Packs writes into transactions of at most `capacity` writes, one write per account in each (DynamoDB
 * refuses two operations on one item in a transaction: an account named twice, by uid and by e-mail,
 * goes in a later one).
 */
function transactionsOf<Packed extends { write: UsageWrite; planned: PlannedGrant }>(
  writes: readonly Packed[],
  capacity: number,
): Packed[][] {
  const transactions: Array<{ writes: Packed[]; size: number; uids: Set<string> }> = [];
  for (const packed of writes) {
    const size = usageWriteSize(packed.write);
    const uid = packed.planned.grant.uid;
    let transaction = transactions.find(
      (candidate) => candidate.size + size <= capacity && !candidate.uids.has(uid),
    );
    if (!transaction) {
      transaction = { writes: [], size: 0, uids: new Set() };
      transactions.push(transaction);
    }
    transaction.writes.push(packed);
    transaction.size += size;
    transaction.uids.add(uid);
  }
  return transactions.map((transaction) => transaction.writes);
}

function grantMoves(amounts: UsageGrantAmounts, paid: boolean) {
  const deltas = grantDeltas(amounts);
  return METERED_USAGE_TYPES.filter((type) => deltas[type] !== 0).map((type) => ({
    type,
    delta: deltas[type],
    counter: counterFor(type, paid) as NonNullable<ReturnType<typeof counterFor>>,
  }));
}

function grantEntry(
  grant: UsageGrant,
  amounts: UsageGrantAmounts,
  standing: UsageStanding,
  type: (typeof METERED_USAGE_TYPES)[number],
  delta: number,
  at: number,
): UsageEntry {
  return {
    uid: grant.uid,
    entryId: `grant-${grant.grantId}-${type}`,
    usageType: type,
    at,
    count: delta,
    success: true,
    source: 'grant',
    paid: standing.group === 'paid',
    operatorEmail: grant.operator.email,
    desc: amounts.desc,
    ttl: usageEntryTtl(at),
  };
}
