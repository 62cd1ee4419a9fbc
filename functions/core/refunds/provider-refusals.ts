import { PaymentProviderError } from '../adapters/payment-provider/portone.ts';
import { PaymentError } from '../errors.ts';

/**
 * A cancel the provider refused, told apart from one it failed (issue 30: no 5xx for a refusal the
 * product can explain). PortOne v1 answers a refusal with HTTP 200 (or 400 for a bad parameter) and a
 * code other than 0, carrying the PG's own words; it failed when it could not be reached, answered
 * something else, or answered 5xx. A refused refund account is the bank's (through the PG): the words
 * name the holder (예금주) or the account (환불계좌); the sandbox answers with the words of each
 * (docs/payments.md, "Refunds by pay method"). Answers undefined for a failure, which stays one.
 */
const HOLDER = /예금주/;
const ACCOUNT = /환불계좌|계좌번호|은행코드/;

export function refundRefusalOf(error: unknown): PaymentError | undefined {
  if (!(error instanceof PaymentProviderError)) return undefined;
  const refused =
    error.providerCode !== undefined &&
    error.providerCode !== 0 &&
    (error.httpStatus === 200 || error.httpStatus === 400);
  if (!refused) return undefined;
  const providerMessage = error.message.replace(/^Payment provider: /, '');
  if (HOLDER.test(providerMessage))
    return new PaymentError('REFUND_ACCOUNT_REFUSED', providerMessage, {
      reason: 'holder_mismatch',
      providerMessage,
    });
  if (ACCOUNT.test(providerMessage))
    return new PaymentError('REFUND_ACCOUNT_REFUSED', providerMessage, {
      reason: 'invalid_account',
      providerMessage,
    });
  return new PaymentError('REFUND_REFUSED', providerMessage, { providerMessage });
}
