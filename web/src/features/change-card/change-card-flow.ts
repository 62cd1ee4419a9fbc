import { changeCard, insertChangeCardProgress } from '../../../../shared/api/change-card.ts';
import type { SiteLanguage } from '../../../../shared/languages.ts';
import { callRoute } from '../../lib/api-client.ts';
import type { PaymentFailureInfo } from '../../lib/payment-failure.ts';
import { read, write } from '../checkout/index.ts';

/**
 * What the change-card pages keep in the tab by guid (the checkout leaves and comes back in the same
 * tab): the change under way, and the failure the fail page shows.
 */

const changeKey = (guid: string) => `cutloom.change-card.${guid}`;
const errorKey = (guid: string) => `cutloom.change-card-error.${guid}`;

export const saveChangeMerchantUid = (guid: string, merchantUid: string) =>
  write(changeKey(guid), merchantUid);
export const readChangeMerchantUid = (guid: string) => read<string>(changeKey(guid));
export const saveChangeCardError = (guid: string, failure: PaymentFailureInfo) =>
  write(errorKey(guid), failure);
export const readChangeCardError = (guid: string) => read<PaymentFailureInfo>(errorKey(guid));

export const changeCardPagePath = (lang: SiteLanguage, page: '' | '/success' | '/fail', guid: string) =>
  `/${lang}/payment/change-card${page}?${new URLSearchParams({ guid })}`;

export const prepareChangeCard = (guid: string) => callRoute(insertChangeCardProgress, { guid });
export const finishChangeCard = (guid: string, merchantUid: string) =>
  callRoute(changeCard, { guid, merchantUid });
