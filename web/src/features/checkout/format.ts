import type { TFunction } from 'i18next';
import { type Currency, formatPrice } from '../../../../shared/currency.ts';
import {
  type ClientErrorCode,
  clientErrorKey,
  formatClientError,
} from '../../../../shared/errors/catalogue.ts';
import type { SiteLanguage } from '../../../../shared/languages.ts';
import { PAYMENT_TIME_ZONE } from '../../../../shared/payments/constants.ts';
import { i18next } from '../../i18n/i18n.ts';
import { ApiError } from '../../lib/api-client.ts';

export const price = (amount: number, currency: Currency) => formatPrice(amount, currency);

/**
 * Dates and times of the payment path are shown in Seoul time (UTC+9), with the zone named as each
 * language names it (`common:seoul_time`: KST in Korean and English, 韓国時間 in Japanese): Intl's own
 * short name of the zone is "GMT+9" in every one of the five, which Korean services never show.
 */
export function paymentTime(ms: number, lang: SiteLanguage): string {
  const time = new Intl.DateTimeFormat(lang, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: PAYMENT_TIME_ZONE,
  }).format(new Date(ms));
  return i18next.getFixedT(lang, 'common')('seoul_time', { time });
}

/** "[L10] The payment amount is not valid." with the server's description when there is one. */
export function clientErrorText(t: TFunction, code: ClientErrorCode, description?: string): string {
  return formatClientError(code, t(clientErrorKey(code)), description || undefined);
}

/** The client code of any failure of a call (a network failure is the payment network error). */
export function clientCodeOf(error: unknown): ClientErrorCode {
  return error instanceof ApiError ? error.clientCode : 'L04';
}
