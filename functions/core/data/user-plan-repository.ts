import { BATCH_GET_CONCURRENCY, batchGet } from './batch-get.ts';
import { tableService } from './client.ts';
import { Payment as PaymentEntity, type PaymentItem } from './entities/payment.ts';
import { PaymentContact, PaymentPhone } from './entities/payment-contact.ts';
import {
  UserPlan as UserPlanEntity,
  UserPlanHead as UserPlanHeadEntity,
  type UserPlanHeadItem,
  type UserPlanItem,
} from './entities/user-plan.ts';

const db = tableService({
  payment: PaymentEntity,
  paymentContact: PaymentContact,
  paymentPhone: PaymentPhone,
  userPlan: UserPlanEntity,
  userPlanHead: UserPlanHeadEntity,
});

/**
 * What a user holds and paid: plans (one per purchase), payments (one per merchantUid), the payment
 * contact, and the plan head (current plan and the version every plan change moves on). Written by
 * the grant (order-repository.ts) and by the after-purchase flows; read by the console's user detail,
 * usage metering and the order rules.
 */
export type UserPlan = UserPlanItem;
export type Payment = PaymentItem;
export type UserPlanHead = UserPlanHeadItem;

/** A user's plans in purchase order (oldest first). */
export async function listUserPlans(uid: string): Promise<UserPlan[]> {
  const { data } = await db().entities.userPlan.query.byUserTime({ uid }).go({ pages: 'all' });
  return data;
}

/**
 * A plan by its key, strongly consistent like the head: plans are read to decide a change right after
 * one was written (settleRenewalSchedule reads the status it has just set), where an eventually
 * consistent read may still return the item as it was.
 */
export async function getUserPlan(uid: string, planId: string): Promise<UserPlan | undefined> {
  const { data } = await db().entities.userPlan.get({ uid, planId }).go({ consistent: true });
  return data ?? undefined;
}

/** The plan head, strongly consistent: its version is what every plan change is conditioned on. */
export async function getUserPlanHead(uid: string): Promise<UserPlanHead | undefined> {
  const { data } = await db().entities.userPlanHead.get({ uid }).go({ consistent: true });
  return data ?? undefined;
}

/**
 * A user's current plan as a change of plans must read it, and every read of the current plan does:
 * the plan head, then the plan it names, both strongly consistent and in that order. Every plan change
 * is written on the condition of the head's version read (grant-transaction.ts, refund and
 * subscription repositories), so a change that decides on these two decides on what is current: a plan
 * changed before the head was read is seen as changed, one changed after moves the version and cancels
 * the change, which then reads again. The index of plans by time cannot serve here: it follows the
 * table later, and read beside the head it could miss a plan the head already counted (two tabs paying
 * at once were both granted).
 */
export async function currentPlanState(
  uid: string,
): Promise<{ head: UserPlanHead | undefined; plan: UserPlan | undefined }> {
  const head = await getUserPlanHead(uid);
  return { head, plan: head ? await getUserPlan(uid, head.currentPlanId) : undefined };
}

/**
 * The newest plan a user bought (the current one while it has not expired): the plan the head names,
 * which every grant moves on to the plan it adds (see currentPlanState for why not the index by time).
 */
export async function latestUserPlan(uid: string): Promise<UserPlan | undefined> {
  return (await currentPlanState(uid)).plan;
}

/**
 * The plan a user holds now: the newest, while it has not expired and is not on hold (a held
 * subscription could not renew; its holder may buy again). Otherwise the user is on FREE.
 */
export async function activeUserPlan(uid: string, nowMs: number): Promise<UserPlan | undefined> {
  return activeOf(await latestUserPlan(uid), nowMs);
}

/** The plan, if it is held now (see activeUserPlan). */
export function activeOf(latest: UserPlan | undefined, nowMs: number): UserPlan | undefined {
  return latest && latest.expiredAt > nowMs && latest.planStatus !== 'HOLD' ? latest : undefined;
}

/**
 * The plans many users hold now, by uid: their heads in one BatchGet, then the plans the heads name in
 * another (both strongly consistent, as currentPlanState reads them).
 */
export async function activeUserPlans(
  uids: readonly string[],
  nowMs: number,
): Promise<Map<string, UserPlan>> {
  const heads = await batchGet(
    [...new Set(uids)].map((uid) => ({ uid })),
    (keys) =>
      db().entities.userPlanHead.get(keys).go({ consistent: true, concurrency: BATCH_GET_CONCURRENCY }),
  );
  const plans = await batchGet(
    heads.map(({ uid, currentPlanId }) => ({ uid, planId: currentPlanId })),
    (keys) => db().entities.userPlan.get(keys).go({ consistent: true, concurrency: BATCH_GET_CONCURRENCY }),
  );
  const active = new Map<string, UserPlan>();
  for (const plan of plans) {
    const current = activeOf(plan, nowMs);
    if (current) active.set(current.uid, current);
  }
  return active;
}

export async function getPayment(merchantUid: string): Promise<Payment | undefined> {
  const { data } = await db().entities.payment.get({ merchantUid }).go();
  return data ?? undefined;
}

/** A user's payments in payment order. */
export async function listPaymentsByUser(uid: string): Promise<Payment[]> {
  const { data } = await db().entities.payment.query.byUser({ uid }).go({ pages: 'all' });
  return data;
}

export async function getPaymentContact(uid: string) {
  const { data } = await db().entities.paymentContact.get({ uid }).go();
  return data ?? undefined;
}

/** Which account last paid with a phone number (E.164), if any. */
export async function findPaymentPhone(phoneNumber: string) {
  const { data } = await db().entities.paymentPhone.get({ phoneNumber }).go();
  return data ?? undefined;
}
