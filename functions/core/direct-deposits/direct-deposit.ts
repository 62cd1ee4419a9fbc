import { createHash } from 'node:crypto';
import {
  DIRECT_DEPOSIT_CUSTOMER_UID,
  DIRECT_DEPOSIT_REFUSALS,
  type DirectDepositRefusal,
} from '../../../shared/direct-deposits/direct-deposit.ts';
import { merchantUidFrom, newMerchantUid } from '../../../shared/payments/merchant-uid.ts';
import type { AdminActionName } from '../../../shared/users/admin-actions.ts';
import { nowMs } from '../clock.ts';
import { grantDepositPlan } from '../data/direct-deposit-repository.ts';
import { DEFAULT_CATALOGUE, getPlanCatalogue, LEGACY_CATALOGUE } from '../data/plan-catalogue-repository.ts';
import type { Operator } from '../data/user-activity-repository.ts';
import {
  activeOf,
  currentPlanState,
  getPayment,
  getUserPlan,
  type Payment,
  type UserPlan,
} from '../data/user-plan-repository.ts';
import { getUser } from '../data/user-repository.ts';
import { Conflict } from '../errors.ts';
import {
  type DepositablePlan,
  type DirectDeposit,
  depositPaymentRecord,
  depositPlanIn,
  depositPlanRecord,
} from './deposit-records.ts';

/**
 * Direct deposits (admin-console.md sections 2, 3 and 7): a plan granted for money paid outside the
 * payment provider. One function serves the single form, each item of a bulk job and each run of a
 * schedule; each names its deposit by an id (the payment's merchantUid) so that a retry grants nothing
 * twice: the single form sends the id it made when it opened, a bulk job gives each item one when it
 * is queued, and a schedule derives it from the run (directDepositIdFor).
 */

/** A new deposit id: a merchant uid of the direct-deposit kind (`dep_…`). */
export const newDirectDepositId = () => newMerchantUid('direct-deposit');

/** The deposit id of a step that may run more than once (a schedule's run): the same seed, the same id. */
export function directDepositIdFor(seed: string): string {
  return merchantUidFrom('direct-deposit', createHash('sha256').update(seed).digest());
}

/**
 * The plan a deposit may grant (depositPlanIn), from the built-in catalogue, else the legacy one.
 */
export async function depositablePlan(planName: string): Promise<DepositablePlan | undefined> {
  for (const catalogue of [DEFAULT_CATALOGUE, LEGACY_CATALOGUE]) {
    const found = depositPlanIn(planName, catalogue, await getPlanCatalogue(catalogue));
    if (found) return found;
  }
  return undefined;
}

export type DirectDepositOutcome =
  | {
      status: 'granted' | 'already-granted';
      merchantUid: string;
      planName: string;
      paidAt: number;
      expiredAt: number;
    }
  | { status: 'refused'; reason: DirectDepositRefusal };

function outcomeOf(
  status: 'granted' | 'already-granted',
  plan: Pick<UserPlan, 'planId' | 'planName' | 'paidAt' | 'expiredAt'>,
) {
  return {
    status,
    merchantUid: plan.planId,
    planName: plan.planName,
    paidAt: plan.paidAt,
    expiredAt: plan.expiredAt,
  } as const;
}

/** Attempts of the grant when the user's plans move meanwhile or a concurrent write gets in the way. */
const GRANT_ATTEMPTS = 6;

/**
 * Grants a deposit's plan, once per deposit id: refused for an unknown or deleted account, a plan that
 * is not a deposit plan, or an account that holds a plan that has not ended; the operator's activity
 * is recorded in the same transaction. A deposit id already granted answers that grant (again).
 */
export async function grantDirectDeposit(
  deposit: DirectDeposit,
  context: { operator: Operator; action: AdminActionName },
): Promise<DirectDepositOutcome> {
  const [found, user] = await Promise.all([depositablePlan(deposit.planName), getUser(deposit.uid)]);
  if (!found) return { status: 'refused', reason: DIRECT_DEPOSIT_REFUSALS.unknownPlan };
  if (!user || user.deleted) return { status: 'refused', reason: DIRECT_DEPOSIT_REFUSALS.noAccount };
  for (let attempt = 0; attempt < GRANT_ATTEMPTS; attempt += 1) {
    const existing = await getPayment(deposit.depositId);
    if (existing) return alreadyGranted(existing, deposit);
    const now = nowMs();
    const { head, plan: current } = await currentPlanState(deposit.uid);
    const active = activeOf(current, now);
    if (active) {
      // The active plan can be this very deposit, granted meanwhile by another delivery of it.
      return active.planId === deposit.depositId
        ? outcomeOf('already-granted', active)
        : { status: 'refused', reason: DIRECT_DEPOSIT_REFUSALS.activePlan };
    }
    const paidAt = deposit.paidAt ?? now;
    const plan = depositPlanRecord(deposit, found, paidAt);
    const outcome = await grantDepositPlan({
      payment: depositPaymentRecord(deposit, paidAt),
      plan,
      head,
      activity: { uid: deposit.uid, action: context.action, desc: deposit.desc, operator: context.operator },
    });
    if (outcome === 'granted') return outcomeOf('granted', plan);
  }
  throw new Error(`The deposit ${deposit.depositId} did not settle`);
}

/** A deposit id used before: the same deposit again is answered; another account's is a conflict. */
async function alreadyGranted(payment: Payment, deposit: DirectDeposit): Promise<DirectDepositOutcome> {
  if (payment.uid !== deposit.uid || payment.customerUid !== DIRECT_DEPOSIT_CUSTOMER_UID)
    throw new Conflict(`The deposit id ${deposit.depositId} names another payment`);
  const plan = await getUserPlan(payment.uid, payment.merchantUid);
  if (!plan) throw new Conflict(`The deposit ${deposit.depositId} has a payment but no plan`);
  return outcomeOf('already-granted', plan);
}
