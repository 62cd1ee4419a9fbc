import { findPaymentInfoByPhoneNumber } from '../../shared/api/orders.ts';
import { maskEmail } from '../../shared/orders/contact.ts';
import { findPaymentPhone } from '../core/data/user-plan-repository.ts';
import { readSession } from '../core/orders/session-store.ts';
import { defineHandler } from '../core/pipeline.ts';

/**
 * Whether another account paid with the number. The answer goes to whoever holds a session guid, so it
 * never says more than the order page needs: used or not, and the other account's address masked.
 */
export const handler = defineHandler(findPaymentInfoByPhoneNumber, async (input) => {
  const ctx = await readSession(input.guid, 'open');
  const owner = await findPaymentPhone(input.phoneNumber);
  if (!owner || owner.uid === ctx.user.uid) return { isUsed: false };
  return { isUsed: true, email: maskEmail(owner.email) };
});
