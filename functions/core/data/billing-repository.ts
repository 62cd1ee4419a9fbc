import { PaymentError } from '../errors.ts';
import { tableService } from './client.ts';
import { Payment as PaymentEntity } from './entities/payment.ts';
import { isRefusedStartKey } from './list-page.ts';
import type { Payment } from './user-plan-repository.ts';

const db = tableService({ payment: PaymentEntity });

/**
 * A page of an account's payments, newest first (the billing page's history), on the payments' by-user
 * index. The cursor is ElectroDB's, handed back as the browser returned it; one that is not this
 * query's is the caller's mistake.
 */
export async function pagePaymentsByUser(
  uid: string,
  page: { cursor: string | null; limit: number },
): Promise<{ payments: Payment[]; cursor: string | null }> {
  try {
    const { data, cursor } = await db()
      .entities.payment.query.byUser({ uid })
      .go({ order: 'desc', cursor: page.cursor, limit: page.limit, pages: 1 });
    return { payments: data, cursor };
  } catch (error) {
    if (page.cursor !== null && isRefusedStartKey(error))
      throw new PaymentError('INVALID_ARGUMENT', 'The history cursor is not valid; load the page again');
    throw error;
  }
}
