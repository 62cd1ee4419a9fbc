import { maskEmail } from '../../../shared/orders/contact.ts';
import { nowMs } from '../clock.ts';
import { findPaymentPhone } from '../data/user-plan-repository.ts';
import { IdentityError } from '../errors.ts';
import { reserveInWindows, type WindowLimit } from '../identity/sign-in-limits.ts';
import { logger } from '../logger.ts';
import { countMetric } from '../observability.ts';
import { sessionOf } from './session-store.ts';

/**
 * How often the order page's phone-number check may be asked (issue 32, point 13). Each answer tells
 * whether a number paid under another account and that account's masked address, so unlimited it was
 * a directory of the product's customers by phone number (200 answers in 9 s from one session). The
 * order page asks once per press of the pay button, so a customer stays far below every limit:
 * - per payment session, 10 in 15 minutes: a customer who corrects a number and presses pay again;
 * - per account, 20 in 15 minutes: the same across the sessions an account opens (a new one from
 *   each visit to the pricing page);
 * - per client address, 50 in 15 minutes, the sign-in's own figure (SIGN_IN_LIMITS.clientAddress):
 *   several customers behind one office or carrier address.
 * The windows are the sign-in's (a sliding estimate over fixed 15-minute windows, one conditional
 * write per scope, so 50 lookups at once pass no limit). A refusal costs the customer nothing but the
 * warning: the order page takes an unanswered check as a number not in use (section 5) and pays on.
 */
export const PHONE_LOOKUP_LIMITS = {
  session: { max: 10, windowMs: 15 * 60_000 },
  account: { max: 20, windowMs: 15 * 60_000 },
  clientAddress: { max: 50, windowMs: 15 * 60_000 },
} as const satisfies Record<string, WindowLimit>;

type PhoneLookupScope = keyof typeof PHONE_LOOKUP_LIMITS;

/**
 * Whether another account than the session's paid with the number (its address masked), counted in
 * the session's, the account's and the client address's windows first; past a limit the catalogue's
 * TOO_MANY_REQUESTS, logged and counted, and nothing is looked up.
 */
export async function phoneNumberUse(input: {
  guid: string;
  phoneNumber: string;
  clientAddress: string;
}): Promise<{ isUsed: boolean; email?: string }> {
  const session = await sessionOf(input.guid, 'open', ['order']);
  const scopes: Array<[string, WindowLimit, PhoneLookupScope]> = [
    [`phone-lookup#session#${input.guid}`, PHONE_LOOKUP_LIMITS.session, 'session'],
    [`phone-lookup#account#${session.uid}`, PHONE_LOOKUP_LIMITS.account, 'account'],
  ];
  if (input.clientAddress)
    scopes.push([
      `phone-lookup#address#${input.clientAddress}`,
      PHONE_LOOKUP_LIMITS.clientAddress,
      'clientAddress',
    ]);
  await reserveInWindows(
    scopes.map(([scope, limit]) => [scope, limit] as const),
    nowMs(),
    (full) => {
      const limit = scopes.find(([scope]) => scope === full)?.[2];
      logger.warn('A phone-number check was refused: over its limit', {
        limit,
        uid: session.uid,
        clientAddress: input.clientAddress,
      });
      countMetric('phoneLookupRefused');
      return new IdentityError('TOO_MANY_REQUESTS', 'Too many phone-number checks: try again later');
    },
  );
  const owner = await findPaymentPhone(input.phoneNumber);
  if (!owner || owner.uid === session.uid) return { isUsed: false };
  return { isUsed: true, email: maskEmail(owner.email) };
}
