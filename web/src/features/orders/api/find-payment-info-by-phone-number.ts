import { findPaymentInfoByPhoneNumber } from '../../../../../shared/api/orders.ts';
import { PAYMENT_PHONE_LOOKUP_TIMEOUT_MS } from '../../../../../shared/payments/constants.ts';
import { callRoute } from '../../../lib/api-client.ts';

/** Whether another account paid with the number; after 3 s (or any failure) it is taken as unused. */
export async function fetchPhoneUse(
  guid: string,
  phoneNumber: string,
): Promise<{ isUsed: boolean; email?: string }> {
  try {
    return await callRoute(
      findPaymentInfoByPhoneNumber,
      { guid, phoneNumber },
      { timeoutMs: PAYMENT_PHONE_LOOKUP_TIMEOUT_MS },
    );
  } catch {
    return { isUsed: false };
  }
}
