import type { ListPageRequest } from '../../../shared/api/list-page.ts';
import type { AdminPaymentRow, UserPaymentFilter } from '../../../shared/api/payments.ts';
import { normalizeEmail } from '../../../shared/identity/account-rules.ts';
import { fullThenPrefix, type Page, type PagedQuery, readPage } from '../data/list-page.ts';
import {
  accountsByOrderCid,
  accountsByPayerName,
  type PaidRange,
  paymentsByPayerEmail,
  paymentsByPayerPhone,
  paymentsOfUser,
} from '../data/payment-search-repository.ts';
import { nameSearchKey, searchShard } from '../data/search-keys.ts';
import type { Payment } from '../data/user-plan-repository.ts';
import { toPaymentRow } from './user-money.ts';

/**
 * The payment search (admin-console.md userPayment). The most selective identifying filter picks the
 * index query: uid (the account's payments), then the payer's phone, the payer's e-mail, the client id
 * and the payer's name (the payments of each account whose orders name that client id or payer, one
 * account after another). Every other filter, and the paidAt range, is applied to the rows it reads, a
 * page at a time (newest first within an account). Name and e-mail match in full, or as prefixes when
 * asked or when nothing matches in full (`partial` in the answer). Without an identifying filter
 * nothing is searched.
 */
export async function searchPayments(
  request: UserPaymentFilter & ListPageRequest,
): Promise<{ users: AdminPaymentRow[]; partial: boolean; cursor: string | null }> {
  const filter: PaymentFilter = {
    uid: request.uid?.trim() ?? '',
    phone: request.phone ?? '',
    email: request.email?.trim() ? normalizeEmail(request.email) : '',
    cid: request.cid?.trim() ?? '',
    name: request.name?.trim() ? nameSearchKey(request.name) : '',
    range: { fromMs: request.from ?? 0, toMs: request.to ?? Number.MAX_SAFE_INTEGER },
  };
  const found = await fullThenPrefix(
    'payments',
    request,
    Boolean(filter.email || filter.name),
    (partial, list) => paymentPage(filter, partial, list, request),
  );
  return { users: found.rows.map(toPaymentRow), partial: found.partial, cursor: found.cursor };
}

interface PaymentFilter {
  uid: string;
  phone: string;
  email: string;
  cid: string;
  name: string;
  range: PaidRange;
}

async function paymentPage(
  filter: PaymentFilter,
  partial: boolean,
  list: string,
  page: ListPageRequest,
): Promise<Page<Payment>> {
  const { uid, phone, email, cid, name, range } = filter;
  let queries: PagedQuery<Payment>[];
  if (uid) queries = [paymentsOfUser(uid, range)];
  else if (phone) queries = [paymentsByPayerPhone(phone, range)];
  else if (email) queries = [paymentsByPayerEmail({ key: email, shard: searchShard(email), partial }, range)];
  else if (cid) queries = paymentsOfAccounts(await accountsByOrderCid(cid), range);
  else if (name)
    queries = paymentsOfAccounts(
      await accountsByPayerName({ key: name, shard: searchShard(name), partial }),
      range,
    );
  else return { rows: [], cursor: null };

  const cidAccounts = cid && (uid || phone || email) ? new Set(await accountsByOrderCid(cid)) : undefined;
  const matches = (value: string, wanted: string) => (partial ? value.startsWith(wanted) : value === wanted);
  const keep = (payment: Payment) =>
    payment.paidAt >= range.fromMs &&
    payment.paidAt < range.toMs &&
    (!uid || payment.uid === uid) &&
    (!phone || payment.userPhone === phone) &&
    (!email || matches(normalizeEmail(payment.userEmail), email)) &&
    (!name || matches(nameSearchKey(payment.userName), name)) &&
    (!cidAccounts || cidAccounts.has(payment.uid));
  return readPage(list, queries, page, keep);
}

function paymentsOfAccounts(uids: readonly string[], range: PaidRange): PagedQuery<Payment>[] {
  return uids.map((uid) => paymentsOfUser(uid, range));
}
