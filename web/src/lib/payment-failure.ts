import type { TFunction } from 'i18next';
import { type ClientErrorCode, clientErrorKey, formatClientError } from '../../../shared/errors/catalogue.ts';
import { classifyPaymentFailure, parseFailReason } from '../../../shared/payments/card-failures.ts';

/**
 * A payment that did not go through, as a fail page receives it: the client code (section 8), the
 * provider's or the server's text, and the card PG's code when the provider gave one (the checkout's
 * `error_code`, the server's `failureCode`).
 */
export interface PaymentFailureInfo {
  errorCode: ClientErrorCode;
  errMsg: string;
  cardCode?: string | undefined;
}

export interface PaymentFailureView {
  /** The customer left the checkout: nothing failed, nothing was charged. */
  abandoned: boolean;
  /** What happened, in the page's language: "[L09] Your card company declined this card…". */
  message: string;
  /** The provider's own words (often Korean) or the server's, shown apart: "Error Code CC01 잔액부족". */
  detail?: string | undefined;
}

/**
 * How every fail page (order, upgrade, eraser, change of card) shows a failed payment: the localized
 * meaning of its class (shared/payments/card-failures.ts), the catalogue's text otherwise; the
 * provider's text only as a detail, its code once.
 */
export function describePaymentFailure(t: TFunction, failure: PaymentFailureInfo): PaymentFailureView {
  const provider = parseFailReason(failure.errMsg);
  const cardCode = failure.cardCode || provider.code;
  const kind = classifyPaymentFailure({ code: cardCode, message: failure.errMsg });
  if (kind === 'abandoned') return { abandoned: true, message: t('errors:payment_failure.abandoned') };
  const meaning =
    kind === 'other' ? t(clientErrorKey(failure.errorCode)) : t(`errors:payment_failure.${kind}`);
  const detail = cardCode
    ? [t('errors:payment_failure.error_code'), cardCode, provider.message].filter(Boolean).join(' ')
    : provider.message && `${t('errors:payment_failure.details')} ${provider.message}`;
  return {
    abandoned: false,
    message: formatClientError(failure.errorCode, meaning),
    ...(detail ? { detail } : {}),
  };
}
