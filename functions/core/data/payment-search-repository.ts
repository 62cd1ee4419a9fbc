import { keyTime } from './key-times.ts';
import { db } from './service.ts';
import type { Payment } from './user-plan-repository.ts';

/**
 * The console's payment search (admin-console.md userPayment): each access pattern is one index query,
 * bounded by the paidAt range where the index sorts on it. Callers pick the most selective one.
 */
export interface PaidRange {
  /** Paid at or after (epoch ms). */
  fromMs: number;
  /** Paid before (epoch ms). */
  toMs: number;
}

/** At most this many rows are read for one search (the console shows them without pages). */
export const PAYMENT_SEARCH_LIMIT = 1000;
/** At most this many accounts are followed from a name or a client id. */
export const PAYMENT_SEARCH_ACCOUNTS = 100;

const inRange = (range: PaidRange) => (payment: Payment) =>
  payment.paidAt >= range.fromMs && payment.paidAt < range.toMs;

const options = { limit: PAYMENT_SEARCH_LIMIT + 1, pages: 'all', order: 'desc' } as const;
const bounds = (range: PaidRange) =>
  [{ paidAt: keyTime(range.fromMs) }, { paidAt: keyTime(Math.max(range.fromMs, range.toMs - 1)) }] as const;

/** An account's payments in the range, newest first. */
export async function paymentsOfUser(uid: string, range: PaidRange): Promise<Payment[]> {
  const { data } = await db()
    .entities.payment.query.byUser({ uid })
    .between(...bounds(range))
    .go(options);
  return data.filter(inRange(range));
}

/** Payments made with a phone number (E.164) in the range, newest first. */
export async function paymentsByPayerPhone(phone: string, range: PaidRange): Promise<Payment[]> {
  const { data } = await db()
    .entities.payment.query.byPayerPhone({ userPhone: phone })
    .between(...bounds(range))
    .go(options);
  return data.filter(inRange(range));
}

/** Payments by payer e-mail (normalised): the whole address, or any address starting with a prefix. */
export async function paymentsByPayerEmail(
  email: { key: string; shard: string; partial: boolean },
  range: PaidRange,
): Promise<Payment[]> {
  const index = db().entities.payment.query;
  const { data } = await (email.partial
    ? index.byPayerEmail({ payerEmailShard: email.shard }).begins({ payerEmailKey: email.key })
    : index.byPayerEmail({ payerEmailShard: email.shard, payerEmailKey: email.key }).between(...bounds(range))
  ).go(options);
  return data.filter(inRange(range));
}

/** The accounts that placed orders from a client id. */
export async function accountsByOrderCid(cid: string): Promise<string[]> {
  const { data } = await db()
    .entities.paymentOrder.query.byCid({ cid })
    .go({ limit: PAYMENT_SEARCH_LIMIT, attributes: ['uid'] });
  return distinctAccounts(data);
}

/** The accounts whose orders name a payer: the whole name, or any name starting with a prefix. */
export async function accountsByPayerName(name: {
  key: string;
  shard: string;
  partial: boolean;
}): Promise<string[]> {
  const index = db().entities.paymentOrder.query;
  const { data } = await (name.partial
    ? index.byPayerName({ payerNameShard: name.shard }).begins({ payerNameKey: name.key })
    : index.byPayerName({ payerNameShard: name.shard, payerNameKey: name.key })
  ).go({ limit: PAYMENT_SEARCH_LIMIT, attributes: ['uid'] });
  return distinctAccounts(data);
}

function distinctAccounts(orders: readonly { uid: string }[]): string[] {
  return [...new Set(orders.map((order) => order.uid))].slice(0, PAYMENT_SEARCH_ACCOUNTS);
}
