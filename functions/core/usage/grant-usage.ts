import { setTimeout as sleep } from 'node:timers/promises';
import {
  grantDeltas,
  type UsageGrantAmounts,
  usageGrantAmountsRule,
} from '../../../shared/usage/usage-grant-rules.ts';
import { counterFor, METERED_USAGE_TYPES } from '../../../shared/usage/usage-rules.ts';
import { nowMs } from '../clock.ts';
import { getUsageEntry, type UsageEntry, usageEntryTtl, writeUsage } from '../data/usage-repository.ts';
import { type Operator, recordUserActivity } from '../data/user-activity-repository.ts';
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
 * An operator's usage grant (admin-console.md sections 3 and 5; /auth/admin-usage-create and the bulk
 * usage job call this): moves the account's current monthly counters (the active plan's, else the
 * FREE month's) by the grant's amounts, one grant entry per moved type with the operator and the
 * reason, and records the admin activity. A negative amount gives quota back; a positive one uses it up
 * and needs allowPlus. The counters may go below zero (more than the plan's quota is left this month);
 * the month's reset clears a grant with everything else.
 */
export async function grantUsage(grant: UsageGrant): Promise<GrantOutcome> {
  const parsed = usageGrantAmountsRule.safeParse(grant.amounts);
  if (!parsed.success)
    throw new AdminError('invalid_argument', parsed.error.issues[0]?.message ?? 'Invalid grant');
  if (!(await getUser(grant.uid))) throw new AdminError('not_found', `No user ${grant.uid}`);
  const amounts = parsed.data;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const at = nowMs();
    const standing = await usageStanding(grant.uid, at);
    const moves = grantMoves(amounts, standing.group === 'paid');
    const entries = moves.map(({ type, delta }) => grantEntry(grant, amounts, standing, type, delta, at));
    const outcome = await writeUsage(entries, {
      group: standing.group,
      mode: standing.current ? 'add' : 'restart',
      resetAt: standing.resetAt,
      at,
      deltas: Object.fromEntries(moves.map(({ counter, delta }) => [counter, delta])),
    });
    if (outcome === 'written') {
      await recordUserActivity({
        uid: grant.uid,
        action: 'usage.grant',
        desc: amounts.desc,
        operator: grant.operator,
      });
      return { granted: true, standing: await usageStanding(grant.uid) };
    }
    if (outcome === 'entry-exists' && (await getUsageEntry(grant.uid, entries[0]?.entryId ?? ''))) {
      return { granted: false, replay: true };
    }
    await sleep(Math.random() * 4 * attempt);
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
