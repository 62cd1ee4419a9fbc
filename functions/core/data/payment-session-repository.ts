import { nowMs } from '../clock.ts';
import { tableService } from './client.ts';
import {
  PaymentSession as PaymentSessionEntity,
  type PaymentSessionItem,
} from './entities/payment-session.ts';
import { UserActivity } from './entities/user-activity.ts';
import { type AdminActivity, activityCommit } from './user-activity-repository.ts';

const db = tableService({ paymentSession: PaymentSessionEntity, userActivity: UserActivity });

export type PaymentSession = PaymentSessionItem;
export type NewPaymentSession = Omit<PaymentSessionItem, 'created' | 'updated'>;

/**
 * Stores a new session and answers it as stored; an operator's session is recorded in the account's
 * activities in the same write.
 */
export async function createPaymentSession(
  session: NewPaymentSession,
  activity?: AdminActivity,
): Promise<PaymentSession> {
  const now = nowMs();
  const stored: PaymentSession = { ...session, created: now, updated: now };
  if (!activity) {
    await db().entities.paymentSession.create(stored).go();
    return stored;
  }
  const { canceled, data } = await db()
    .transaction.write((tx) => [tx.paymentSession.create(stored).commit(), activityCommit(tx, activity)])
    .go();
  if (canceled) throw new Error(`The payment session could not be stored: ${JSON.stringify(data)}`);
  return stored;
}

export async function getPaymentSession(guid: string): Promise<PaymentSession | undefined> {
  const { data } = await db().entities.paymentSession.get({ guid }).go();
  return data ?? undefined;
}

type SessionChoices = Partial<
  Pick<
    PaymentSessionItem,
    'planName' | 'currency' | 'language' | 'accountType' | 'previousPlanName' | 'couponCode'
  >
>;

/** Changes a session's choices; a choice set to undefined is removed. Answers the session as stored. */
export async function updatePaymentSession(guid: string, choices: SessionChoices): Promise<PaymentSession> {
  const set = Object.fromEntries(Object.entries(choices).filter(([, value]) => value !== undefined));
  const removed = Object.entries(choices)
    .filter(([, value]) => value === undefined)
    .map(([name]) => name as keyof SessionChoices);
  let update = db().entities.paymentSession.patch({ guid }).set(set);
  if (removed.length) update = update.remove(removed);
  const { data } = await update.go({ response: 'all_new' });
  return data as PaymentSession;
}

/** Copies an order's id and status onto its session (the console's payment progress row). */
export async function notePaymentSessionOrder(guid: string, merchantUid: string, status: string) {
  await db().entities.paymentSession.patch({ guid }).set({ merchantUid, updatedStatus: status }).go();
}

/** A user's payment sessions in creation order (the console's payment progress list). */
export async function listPaymentSessionsByUser(uid: string): Promise<PaymentSession[]> {
  const { data } = await db().entities.paymentSession.query.byUser({ uid }).go({ pages: 'all' });
  return data;
}
