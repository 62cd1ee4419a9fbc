import { attentionCaseId } from '../../../shared/attention/attention-cases.ts';
import { tableService } from './client.ts';
import { AttentionCase as AttentionCaseEntity, type AttentionCaseItem } from './entities/attention-case.ts';
import { UserActivity } from './entities/user-activity.ts';
import { type PagedQuery, pagedQuery, pageOptions } from './list-page.ts';
import { isConditionFailure, type TransactionEntities } from './transaction.ts';
import type { activityCommit } from './user-activity-repository.ts';

const db = tableService({ attentionCase: AttentionCaseEntity, userActivity: UserActivity });

export type AttentionCase = AttentionCaseItem;
export type NewAttentionCase = Omit<AttentionCaseItem, 'raisedAt' | 'retries'>;

export const refundRequiredCaseId = (merchantUid: string) => attentionCaseId('refund_required', merchantUid);
export const vbankExpiredCaseId = (merchantUid: string) => attentionCaseId('vbank_expired', merchantUid);
export const planHeldCaseId = (uid: string, planId: string) =>
  attentionCaseId('plan_held', `${uid}/${planId}`);
/** A transfer owed for a payment's refund, named as its ledger entry will be: the cancelled amount before it. */
export const refundTransferCaseId = (merchantUid: string, cancelledBefore: number) =>
  attentionCaseId('refund_transfer', `${merchantUid}/${cancelledBefore}`);

/**
 * The case of a refund owed from the product's account (shared/attention/attention-cases.ts
 * refund_transfer): by bank transfer to the account kept on it, or by hand where it has none.
 */
export function refundTransferCase(input: {
  payment: {
    merchantUid: string;
    uid: string;
    userEmail: string;
    planName: string;
    currency: string;
    cancelledAmount: number;
    payMethod: string;
    pg: string;
  };
  amount: number;
  planId?: string | undefined;
  transfer: {
    account?: { bankCode: string; accountNumber: string; holder: string } | undefined;
    requestedBy: string;
    reason: string;
  };
}): NewAttentionCase {
  const { payment, transfer } = input;
  return {
    caseId: refundTransferCaseId(payment.merchantUid, payment.cancelledAmount),
    kind: 'refund_transfer',
    uid: payment.uid,
    userEmail: payment.userEmail,
    merchantUid: payment.merchantUid,
    ...(input.planId ? { planId: input.planId } : {}),
    planName: payment.planName,
    payMethod: payment.payMethod,
    pg: payment.pg,
    amount: input.amount,
    currency: payment.currency,
    refundSources: [],
    reason: transfer.reason,
    ...(transfer.account ? { refundAccount: { ...transfer.account } } : {}),
    requestedBy: transfer.requestedBy,
    cancelledBefore: payment.cancelledAmount,
  };
}

/** The case raised, as one write of the transaction that makes the state it is about. */
export function raiseCaseItem(
  { attentionCase }: Pick<TransactionEntities, 'attentionCase'>,
  open: NewAttentionCase,
) {
  return attentionCase.create(open).commit();
}

/**
 * The case ended, as one write of the transaction of the action that ends it: only while it is still
 * open, so that of two operators acting at once one ends it (the other's transaction is refused).
 */
export function endCaseItem({ attentionCase }: Pick<TransactionEntities, 'attentionCase'>, caseId: string) {
  return attentionCase
    .delete({ caseId })
    .where((attr, op) => op.exists(attr.caseId))
    .commit();
}

/**
 * A case raised by itself, for a state no write makes (a due date passed, a message dead-lettered):
 * once, however often it is noticed. True when this call raised it.
 */
export async function raiseCase(open: NewAttentionCase): Promise<boolean> {
  try {
    await db().entities.attentionCase.create(open).go();
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return false;
  }
}

/**
 * The case ended by what the system did (a renewal paid): whether or not an operator ended it first, so
 * without a condition.
 */
export function settledCaseItem(
  { attentionCase }: Pick<TransactionEntities, 'attentionCase'>,
  caseId: string,
) {
  return attentionCase.delete({ caseId }).commit();
}

/** The case ended once its work is done again (a dead letter retried), whoever ended it first. */
export async function settleCase(caseId: string): Promise<void> {
  await db().entities.attentionCase.delete({ caseId }).go();
}

/**
 * The case ended by an operator with `also` (the activity), in one transaction: false when it had
 * already ended (another operator, or what it was about settled).
 */
export async function endCase(
  caseId: string,
  also: (tx: Pick<TransactionEntities, 'userActivity'>) => ReturnType<typeof activityCommit>[],
): Promise<boolean> {
  const { canceled } = await db()
    .transaction.write((tx) => [endCaseItem(tx, caseId), ...also(tx)])
    .go();
  return !canceled;
}

/**
 * An operator's retry of a held plan claimed, from the number of retries read, with `also` (the
 * activity): of two operators pressing at once one retries. False when another got there first.
 */
export async function claimRetry(
  open: AttentionCase,
  also: (tx: Pick<TransactionEntities, 'userActivity'>) => ReturnType<typeof activityCommit>[],
): Promise<boolean> {
  const { canceled } = await db()
    .transaction.write((tx) => [
      tx.attentionCase
        .patch({ caseId: open.caseId })
        .set({ retries: open.retries + 1 })
        .where((attr, op) => op.eq(attr.retries, open.retries))
        .commit(),
      ...also(tx),
    ])
    .go();
  return !canceled;
}

export async function getAttentionCase(caseId: string): Promise<AttentionCase | undefined> {
  const { data } = await db().entities.attentionCase.get({ caseId }).go();
  return data ?? undefined;
}

/** The open cases, oldest first (the longest waiting on top). */
export function openCasesQuery(): PagedQuery<AttentionCase> {
  const { attentionCase } = db().entities;
  return pagedQuery(attentionCase, 'openCases', (page) =>
    attentionCase.query.openCases({}).go(pageOptions(page)),
  );
}
