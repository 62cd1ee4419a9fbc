import type { TFunction } from 'i18next';
import type { SiteLanguage } from '../../../../shared/languages.ts';
import { PAYMENT_TIME_ZONE } from '../../../../shared/payments/constants.ts';
import { clientCodeOf, clientErrorText } from '../checkout/index.ts';

/** A day of the billing page (a charge, an expiry), in Seoul time like every date of the payment path. */
export function billingDate(ms: number, lang: SiteLanguage): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: PAYMENT_TIME_ZONE }).format(
    new Date(ms),
  );
}

/** A failed call as the catalogue shows it ("[L30] ..."), in the page's language. */
export const failureText = (t: TFunction, error: unknown) => clientErrorText(t, clientCodeOf(error));
