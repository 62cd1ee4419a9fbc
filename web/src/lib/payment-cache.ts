import type { SiteLanguage } from '../../../shared/languages.ts';

/**
 * The query-cache keys a payment start fills and the payment pages read (issue 36): the payment start
 * (payment-start.ts) leaves what it was answered under them and navigates inside the app, so the page it
 * leads to reads nothing again; a page loaded by its address reads them through its route's loader. Kept
 * apart from the session calls so that the pricing page, which imports this, ships none of their schemas.
 */

/** The pricing and order pages' query that travels with a payment: test mode and the price version. */
export interface PaymentQuery {
  test?: string | undefined;
  priceVersion?: string | undefined;
}

export const isTestQuery = (query: PaymentQuery) => query.test === '1' || query.test === 'true';

/** A payment session by guid, as its pages show it (every recompute replaces it). */
export const paymentSessionKey = (guid: string, isTest: boolean) =>
  ['payment-session', guid, isTest] as const;

/** What an order page shows beside its form (get-order-page's answer, or the start's), by guid and language. */
export const orderPageKey = (guid: string, isTest: boolean, language: SiteLanguage) =>
  ['order-page', guid, isTest, language] as const;
