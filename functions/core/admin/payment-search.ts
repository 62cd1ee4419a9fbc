import type { AdminPaymentRow, UserPaymentFilter } from '../../../shared/api/admin-payments.ts';
import { normalizeEmail } from '../../../shared/identity/account-rules.ts';
import {
  accountsByOrderCid,
  accountsByPayerName,
  PAYMENT_SEARCH_LIMIT,
  type PaidRange,
  paymentsByPayerEmail,
  paymentsByPayerPhone,
  paymentsOfUser,
} from '../data/payment-search-repository.ts';
import { nameSearchKey, searchShard } from '../data/search-keys.ts';
import type { Payment } from '../data/user-plan-repository.ts';
import { toPaymentRow } from './user-money.ts';

/**
 * The payment search (admin-console.md userPayment). The most selective identifying filter picks one
 * index query: uid (the account's payments), then the payer's phone, the payer's e-mail, the client id
 * (the accounts that ordered from it) and the payer's name (the accounts whose orders name that payer).
 * Every other filter, and the paidAt range, is applied to the rows it found. Without an identifying
 * filter nothing is searched.
 */
export async function searchPayments(
  filter: UserPaymentFilter,
): Promise<{ users: AdminPaymentRow[]; truncated: boolean }> {
  const uid = filter.uid?.trim() ?? '';
  const phone = filter.phone ?? '';
  const email = filter.email?.trim() ? normalizeEmail(filter.email) : '';
  const cid = filter.cid?.trim() ?? '';
  const name = filter.name?.trim() ? nameSearchKey(filter.name) : '';
  const partial = Boolean(filter.partial);
  const range: PaidRange = { fromMs: filter.from ?? 0, toMs: filter.to ?? Number.MAX_SAFE_INTEGER };

  let found: Payment[];
  if (uid) found = await paymentsOfUser(uid, range);
  else if (phone) found = await paymentsByPayerPhone(phone, range);
  else if (email)
    found = await paymentsByPayerEmail({ key: email, shard: searchShard(email), partial }, range);
  else if (cid) found = await paymentsOfAccounts(await accountsByOrderCid(cid), range);
  else if (name)
    found = await paymentsOfAccounts(
      await accountsByPayerName({ key: name, shard: searchShard(name), partial }),
      range,
    );
  else return { users: [], truncated: false };

  const cidAccounts = cid && (uid || phone || email) ? new Set(await accountsByOrderCid(cid)) : undefined;
  const matches = (value: string, wanted: string) => (partial ? value.startsWith(wanted) : value === wanted);
  const rows = found
    .filter(
      (payment) =>
        (!uid || payment.uid === uid) &&
        (!phone || payment.userPhone === phone) &&
        (!email || matches(normalizeEmail(payment.userEmail), email)) &&
        (!name || matches(nameSearchKey(payment.userName), name)) &&
        (!cidAccounts || cidAccounts.has(payment.uid)),
    )
    .sort((a, b) => b.paidAt - a.paidAt);
  return {
    users: rows.slice(0, PAYMENT_SEARCH_LIMIT).map(toPaymentRow),
    truncated: found.length > PAYMENT_SEARCH_LIMIT,
  };
}

async function paymentsOfAccounts(uids: readonly string[], range: PaidRange): Promise<Payment[]> {
  return (await Promise.all(uids.map((uid) => paymentsOfUser(uid, range)))).flat();
}
