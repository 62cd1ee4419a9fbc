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

/** The newest plan a user bought (the current one while it has not expired). */
export async function latestUserPlan(uid: string): Promise<UserPlan | undefined> {
  const { data } = await db().entities.userPlan.query.byUserTime({ uid }).go({ order: 'desc', limit: 1 });
  return data[0];
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
 * A user's plans as a change of them must read them: the plan head, then the plan it names, both
 * strongly consistent and in that order. Every plan change is written on the condition of the head's
 * version read (grant-transaction.ts, refund and subscription repositories), so a change that decides
 * on these two decides on what is current: a plan changed before the head was read is seen as changed,
 * one changed after moves the version and cancels the change, which then reads again.
 * latestUserPlan cannot serve here: it queries an index, which follows the table later, and read beside
 * the head it could miss a plan the head already counted (two tabs paying at once were both granted).
 */
export async function currentPlanState(
  uid: string,
): Promise<{ head: UserPlanHead | undefined; plan: UserPlan | undefined }> {
  const head = await getUserPlanHead(uid);
  return { head, plan: head ? await getUserPlan(uid, head.currentPlanId) : undefined };
}

/** Newest-plan queries sent at once: a few, so a message of paying users leaves sockets for others. */
const PLAN_QUERIES_AT_ONCE = 10;

/**
 * The plans many users hold now, by uid. Every plan is granted with its user's plan head, so the heads
 * are read in one BatchGet and only users with a head are asked for their newest plan, a query each
 * (a query cannot be batched).
 */
export async function activeUserPlans(
  uids: readonly string[],
  nowMs: number,
): Promise<Map<string, UserPlan>> {
  const heads = await batchGet(
    [...new Set(uids)].map((uid) => ({ uid })),
    (keys) => db().entities.userPlanHead.get(keys).go({ concurrency: BATCH_GET_CONCURRENCY }),
  );
  const active = new Map<string, UserPlan>();
  for (let start = 0; start < heads.length; start += PLAN_QUERIES_AT_ONCE) {
    const group = heads.slice(start, start + PLAN_QUERIES_AT_ONCE);
    for (const plan of await Promise.all(group.map((head) => latestUserPlan(head.uid)))) {
      const current = activeOf(plan, nowMs);
      if (current) active.set(current.uid, current);
    }
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
