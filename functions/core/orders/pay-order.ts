import type { AccountType } from '../../../shared/plans/plans-offered.ts';
import { IdentityError } from '../errors.ts';
import { phoneNumberUse } from './phone-lookup.ts';
import { insertPaymentProgress, type ProgressRequest } from './progress.ts';
import { keepSessionAccountType } from './session-edits.ts';

/**
 * The order page's pay button as one command (issue 36; section 4's payment flow): the phone number is
 * checked first, and one another account paid with stops here with that account's masked address, for the
 * page's confirmation (nothing is saved; the confirmed press sends the command again and skips the check).
 * Then the account type the page chose is saved with the order, and the merchant order is created as
 * insert-payment-progress creates it, which checks the session (live, the claims its prices).
 */
export interface PayRequest extends Omit<ProgressRequest, 'isUpgrade'> {
  accountType?: AccountType | undefined;
  phoneUseConfirmed: boolean;
}

export type PayAnswer =
  | { outcome: 'phone_used'; email?: string }
  | ({ outcome: 'ordered' } & Awaited<ReturnType<typeof insertPaymentProgress>>);

export async function payOrder(request: PayRequest): Promise<PayAnswer> {
  if (!request.phoneUseConfirmed) {
    const phone = await phoneUse(request);
    if (phone.isUsed) return { outcome: 'phone_used', ...(phone.email ? { email: phone.email } : {}) };
  }
  const { accountType, phoneUseConfirmed: _confirmed, ...order } = request;
  if (accountType) await keepSessionAccountType(request.guid, accountType);
  return { outcome: 'ordered', ...(await insertPaymentProgress({ ...order, isUpgrade: false })) };
}

/**
 * A check refused past its limits (phone-lookup.ts, which logs and counts it) costs the buyer only the
 * warning, as an unanswered check did on the order page (section 5): the number is taken as not in use.
 */
async function phoneUse(request: PayRequest): Promise<{ isUsed: boolean; email?: string }> {
  try {
    return await phoneNumberUse({
      guid: request.guid,
      phoneNumber: request.userPhone,
      clientAddress: request.buyerIp ?? '',
    });
  } catch (error) {
    if (error instanceof IdentityError && error.code === 'TOO_MANY_REQUESTS') return { isUsed: false };
    throw error;
  }
}
