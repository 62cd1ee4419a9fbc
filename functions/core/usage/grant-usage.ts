import { setTimeout as sleep } from 'node:timers/promises';
import {
  grantDeltas,
  type UsageGrantAmounts,
  usageGrantAmountsRule,
} from '../../../shared/usage/usage-grant-rules.ts';
import { counterFor, METERED_USAGE_TYPES } from '../../../shared/usage/usage-rules.ts';
import { nowMs } from '../clock.ts';
import { getUsageEntry, type UsageEntry, usageEntryTtl, writeUsage } from '../data/usage-repository.ts';
import type { Operator } from '../data/user-activity-repository.ts';
import { getUser } from '../data/user-repository.ts';
import { AdminError } from '../errors.ts';
import { type UsageStanding, usageStanding } from './usage-standing.ts';

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
 * bulk usage job `writeGrant` with its message's standings): moves the account's current monthly counters (the active plan's, else the
 * FREE month's) by the grant's amounts, one grant entry per moved type with the operator and the
 * reason, and records the admin activity. A negative amount gives quota back; a positive one uses it up
 * and needs allowPlus. The counters may go below zero (more than the plan's quota is left this month);
 * the month's reset clears a grant with everything else.
 */
export async function grantUsage(grant: UsageGrant): Promise<GrantOutcome> {
  const amounts = grantAmounts(grant.amounts);
  if (!(await getUser(grant.uid))) throw new AdminError('not_found', `No user ${grant.uid}`);
  const at = nowMs();
  if (!(await writeGrant(grant, amounts, await usageStanding(grant.uid, at), at)))
    return { granted: false, replay: true };
  return { granted: true, standing: await usageStanding(grant.uid) };
}

/** The grant's fields checked with the console's rule (usage-grant-rules.ts): an `invalid_argument` else. */
export function grantAmounts(fields: unknown): UsageGrantAmounts {
  const parsed = usageGrantAmountsRule.safeParse(fields);
  if (!parsed.success)
    throw new AdminError('invalid_argument', parsed.error.issues[0]?.message ?? 'Invalid grant');
  return parsed.data;
}

/**
 * Writes a grant to an existing account: its entries, the counters' move and the operator's activity in
 * one transaction, planned on `standing` as read at `at` (a bulk job reads its message's standings
 * together). A write the counters moved under, or that lost to a concurrent one, is planned again on a
 * fresh read. False when the grant was written before (a replay): nothing is written twice.
 */
export async function writeGrant(
  grant: UsageGrant,
  amounts: UsageGrantAmounts,
  standing: UsageStanding,
  at: number,
): Promise<boolean> {
  let planned = { standing, at };
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const moves = grantMoves(amounts, planned.standing.group === 'paid');
    const entries = moves.map(({ type, delta }) =>
      grantEntry(grant, amounts, planned.standing, type, delta, planned.at),
    );
    const outcome = await writeUsage(
      entries,
      {
        group: planned.standing.group,
        mode: planned.standing.current ? 'add' : 'restart',
        resetAt: planned.standing.resetAt,
        at: planned.at,
        deltas: Object.fromEntries(moves.map(({ counter, delta }) => [counter, delta])),
      },
      { uid: grant.uid, action: 'usage.grant', desc: amounts.desc, operator: grant.operator },
    );
    if (outcome === 'written') return true;
    if (outcome === 'entry-exists' && (await getUsageEntry(grant.uid, entries[0]?.entryId ?? '')))
      return false;
    await sleep(Math.random() * 4 * attempt);
    const now = nowMs();
    planned = { standing: await usageStanding(grant.uid, now), at: now };
  }
  throw new AdminError('db-error', 'The usage grant could not be written: the counters kept changing');
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
