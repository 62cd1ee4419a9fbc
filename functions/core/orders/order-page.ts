import type { OrderPage } from '../../../shared/api/orders.ts';
import type { SiteLanguage } from '../../../shared/languages.ts';
import { currencyOptionShown } from '../../../shared/orders/order-rules.ts';
import { checkoutSettings } from '../payment-provider/checkout-settings.ts';
import { taxInvoiceDetails } from '../tax-invoices/tax-invoices.ts';
import { type SessionContext, sessionInfoOf } from './session-pricing.ts';
import { readSession } from './session-store.ts';

/**
 * What an order page shows beside its form, read in one call (issue 36): the session priced afresh, the
 * currency option (check-currency-option's rule, by CloudFront's viewer country), the account's kept
 * tax-invoice details (get-payment-session-tax-invoice's) and the checkout settings (checkout-settings').
 * The payment start answers it for the session it opens, so the order page it leads to reads nothing;
 * get-order-page answers it for a page loaded by its address.
 */
export interface OrderPageViewer {
  /** The page's language: the currency option is the Korean site's. */
  language: SiteLanguage;
  /** The viewer's country as CloudFront sees it (CloudFront-Viewer-Country), when known. */
  country: string | undefined;
  isTest: boolean;
}

export async function orderPageOf(ctx: SessionContext, viewer: OrderPageViewer): Promise<OrderPage> {
  return {
    sessionInfo: sessionInfoOf(ctx, viewer.isTest),
    currencyOptionShown: currencyOptionShown(viewer),
    taxInvoiceDetails: await taxInvoiceDetails(ctx.user.uid),
    checkoutSettings: checkoutSettings(),
  };
}

/** The order page of a session by its guid: EXPIRED once it has lapsed, as get-payment-session-info. */
export async function orderPageOfGuid(guid: string, viewer: OrderPageViewer): Promise<OrderPage> {
  return orderPageOf(await readSession(guid, 'open'), viewer);
}
