import {
  type ClientErrorCode,
  isServerErrorType,
  type ServerErrorType,
} from '../../../../shared/errors/catalogue.ts';

/**
 * A refund that failed, told in the refund's own words (issue 32 point 7): what failed and what to do
 * next, one text pair per kind (`refund:fail.what.<kind>`, `refund:fail.next.<kind>`). The client code
 * alone is too coarse (L09 is both a card company's refusal and a payment provider's error, L27 both a
 * refund no way can take and a payment in another state), so the server's error type decides where it
 * says more.
 */
export const REFUND_FAILURES = [
  'expired',
  'request',
  'amount_changed',
  'no_plan',
  'already_cancelled',
  'not_possible',
  'refused',
  'payment_state',
  'provider',
  'network',
  'records',
  'general',
] as const;
export type RefundFailure = (typeof REFUND_FAILURES)[number];

const BY_SERVER_ERROR: Partial<Record<ServerErrorType, RefundFailure>> = {
  REFUND_NOT_POSSIBLE: 'not_possible',
  REFUND_REFUSED: 'refused',
  // The page sends the account its way needs: asked for one anyway, the way changed since it was opened.
  REFUND_ACCOUNT_REQUIRED: 'request',
  REFUND_ACCOUNT_REFUSED: 'refused',
};

const BY_CLIENT_CODE: Partial<Record<ClientErrorCode, RefundFailure>> = {
  L03: 'expired',
  L17: 'request',
  L26: 'request',
  L10: 'amount_changed',
  L25: 'no_plan',
  L30: 'already_cancelled',
  L27: 'payment_state',
  L02: 'provider',
  L09: 'provider',
  L22: 'provider',
  L32: 'provider',
  L04: 'network',
  L08: 'records',
};

export function refundFailureOf(code: ClientErrorCode, serverError?: string): RefundFailure {
  const byType = isServerErrorType(serverError) ? BY_SERVER_ERROR[serverError] : undefined;
  return byType ?? BY_CLIENT_CODE[code] ?? 'general';
}
