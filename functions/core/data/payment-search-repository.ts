import { tableService } from './client.ts';
import { Payment as PaymentEntity, payerEmailKeys } from './entities/payment.ts';
import { PaymentOrder } from './entities/payment-order.ts';
import { keyTime } from './key-times.ts';
import { type PagedQuery, pagedQuery, pageOptions } from './list-page.ts';
import type { Payment } from './user-plan-repository.ts';

const db = tableService({ payment: PaymentEntity, paymentOrder: PaymentOrder });

/**
 * The console's payment search (admin-console.md userPayment): each access pattern is one index query,
 * bounded by the paidAt range where the index sorts on it and read a page at a time (list-page.ts).
 * Callers pick the most selective one.
 */
export interface PaidRange {
  /** Paid at or after (epoch ms). */
  fromMs: number;
  /** Paid before (epoch ms). */
  toMs: number;
}

/** At most this many orders are read to find the accounts of a name or a client id. */
const ACCOUNT_ORDERS_READ = 1000;
/** At most this many accounts are followed from a name or a client id. */
export const PAYMENT_SEARCH_ACCOUNTS = 100;

const newestFirst = (page: { cursor: string | null; limit: number }) =>
  ({ ...pageOptions(page), order: 'desc' }) as const;
const bounds = (range: PaidRange) =>
  [{ paidAt: keyTime(range.fromMs) }, { paidAt: keyTime(Math.max(range.fromMs, range.toMs - 1)) }] as const;

/** An account's payments in the range, newest first. */
export function paymentsOfUser(uid: string, range: PaidRange): PagedQuery<Payment> {
  const { payment } = db().entities;
  return pagedQuery(payment, 'byUser', (page) =>
    payment.query
      .byUser({ uid })
      .between(...bounds(range))
      .go(newestFirst(page)),
  );
}

/** Payments made with a phone number (E.164) in the range, newest first. */
export function paymentsByPayerPhone(phone: string, range: PaidRange): PagedQuery<Payment> {
  const { payment } = db().entities;
  return pagedQuery(payment, 'byPayerPhone', (page) =>
    payment.query
      .byPayerPhone({ userPhone: phone })
      .between(...bounds(range))
      .go(newestFirst(page)),
  );
}

/**
 * Payments by payer e-mail (normalised): the whole address in the range, or any address starting with
 * a prefix (the range then filters the rows: the index sorts on the address first).
 */
export function paymentsByPayerEmail(
  email: { key: string; shard: string; partial: boolean },
  range: PaidRange,
): PagedQuery<Payment> {
  const { payment } = db().entities;
  return pagedQuery(
    payment,
    'byPayerEmail',
    (page) =>
      (email.partial
        ? payment.query.byPayerEmail({ payerEmailShard: email.shard }).begins({ payerEmailKey: email.key })
        : payment.query
            .byPayerEmail({ payerEmailShard: email.shard, payerEmailKey: email.key })
            .between(...bounds(range))
      ).go(newestFirst(page)),
    (row) => payerEmailKeys(row.userEmail),
  );
}

/** The accounts that placed orders from a client id. */
export async function accountsByOrderCid(cid: string): Promise<string[]> {
  const { data } = await db()
    .entities.paymentOrder.query.byCid({ cid })
    .go({ limit: ACCOUNT_ORDERS_READ, attributes: ['uid'] });
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
  ).go({ limit: ACCOUNT_ORDERS_READ, attributes: ['uid'] });
  return distinctAccounts(data);
}

/** In uid order, so that the pages of one search follow the accounts in the same order. */
function distinctAccounts(orders: readonly { uid: string }[]): string[] {
  return [...new Set(orders.map((order) => order.uid))].sort().slice(0, PAYMENT_SEARCH_ACCOUNTS);
}
