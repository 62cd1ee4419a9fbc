import { tableService } from './client.ts';
import { LedgerEntry } from './entities/ledger-entry.ts';
import { Payment as PaymentEntity } from './entities/payment.ts';
import { UserActivity } from './entities/user-activity.ts';
import { UserPlan as UserPlanEntity, UserPlanHead as UserPlanHeadEntity } from './entities/user-plan.ts';
import { planGrantItems } from './grant-transaction.ts';
import { conditionFailed, type ItemOutcomes, lostToConcurrentWrite } from './transaction.ts';
import { type AdminActivity, activityCommit } from './user-activity-repository.ts';
import type { Payment, UserPlan, UserPlanHead } from './user-plan-repository.ts';

const db = tableService({
  ledgerEntry: LedgerEntry,
  payment: PaymentEntity,
  userActivity: UserActivity,
  userPlan: UserPlanEntity,
  userPlanHead: UserPlanHeadEntity,
});

export type DepositGrantOutcome =
  /** This call granted the plan. */
  | 'granted'
  /** A payment with the deposit's id exists: the deposit was granted before (a retry, a duplicate). */
  | 'already-granted'
  /** The user's plans changed since they were read: read again and decide again. */
  | 'plans-changed'
  /** Lost to a concurrent transaction on the same items: try again. */
  | 'conflict';

/**
 * A direct deposit's grant: the orders' plan grant (payment, plan, plan head moved on conditionally)
 * and the operator's activity, in one transaction. The payment's merchantUid is the deposit's id, so
 * one deposit id grants once, however often it is tried.
 */
export async function grantDepositPlan(input: {
  payment: Omit<Payment, 'created'>;
  plan: Omit<UserPlan, 'created' | 'updated'>;
  head: UserPlanHead | undefined;
  activity: AdminActivity;
}): Promise<DepositGrantOutcome> {
  const { canceled, data } = await db()
    .transaction.write((tx) => [...planGrantItems(tx, input), activityCommit(tx, input.activity)])
    .go();
  if (!canceled) return 'granted';
  const outcomes = data as ItemOutcomes;
  if (conditionFailed(outcomes, 0)) return 'already-granted';
  if (conditionFailed(outcomes, 2)) return 'plans-changed';
  if (lostToConcurrentWrite(outcomes)) return 'conflict';
  throw new Error(`The deposit ${input.payment.merchantUid} was refused: ${JSON.stringify(outcomes)}`);
}
