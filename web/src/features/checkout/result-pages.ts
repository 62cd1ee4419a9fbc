import type { SiteLanguage } from '../../../../shared/languages.ts';
import type { PaymentQuery } from '../../lib/payment-cache.ts';

/** Where a kind of payment's result pages are: an order's, or a usage eraser's. */
export type ResultPagesBase = 'payment/result' | 'payment/eraser/result';

/**
 * The result page the checkout returns to, with the session and the payment query: pending, success
 * and fail (section 2), and ours, the virtual account awaiting its deposit (an order's only).
 */
export function resultPagePath(
  lang: SiteLanguage,
  page: 'pending' | 'success' | 'vbank' | 'fail',
  guid: string,
  query: PaymentQuery,
  base: ResultPagesBase = 'payment/result',
) {
  const search = new URLSearchParams({ guid });
  if (query.test) search.set('test', query.test);
  if (query.priceVersion) search.set('priceVersion', query.priceVersion);
  return `/${lang}/${base}/${page}?${search}`;
}
