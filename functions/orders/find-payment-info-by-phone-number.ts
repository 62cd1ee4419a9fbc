import { findPaymentInfoByPhoneNumber } from '../../shared/api/orders.ts';
import { phoneNumberUse } from '../core/orders/phone-lookup.ts';
import { defineHandler } from '../core/pipeline.ts';

/**
 * Whether another account paid with the number. The answer goes to whoever holds a session guid, so it
 * never says more than the order page needs (used or not, the other account's address masked), and it
 * is limited per session, account and client address (phone-lookup.ts).
 */
export const handler = defineHandler(findPaymentInfoByPhoneNumber, (input, { sourceIp }) =>
  phoneNumberUse({ ...input, clientAddress: sourceIp }),
);
