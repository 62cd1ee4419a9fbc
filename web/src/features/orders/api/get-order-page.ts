import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { getOrderPage, type OrderPage } from '../../../../../shared/api/orders.ts';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { callRoute } from '../../../lib/api-client.ts';
import { orderPageKey, paymentSessionKey } from '../../../lib/payment-cache.ts';
import { taxInvoiceDetailsKey } from '../../tax-invoices/index.ts';

export interface OrderPageInput {
  guid: string;
  isTest: boolean;
  language: SiteLanguage;
}

/**
 * What the order page shows beside its form, read once (issue 36): left in the cache by the payment start
 * that led here, or read with get-order-page when the page is loaded by its address (a reload, a link).
 * A failed read stays failed for the page (no second try on mount): the page says why.
 */
export const orderPageQuery = ({ guid, isTest, language }: OrderPageInput) =>
  queryOptions({
    queryKey: orderPageKey(guid, isTest, language),
    queryFn: (): Promise<OrderPage> => callRoute(getOrderPage, { guid, isTest, language }),
    staleTime: Number.POSITIVE_INFINITY,
    retryOnMount: false,
  });

export const useOrderPage = (input: OrderPageInput) => useQuery(orderPageQuery(input));

/**
 * The order routes' loader: the order page's read, then its parts put where the page's sections read them
 * (the session its recomputes replace, the tax-invoice details the business sections edit), unless they
 * are there already and newer (a plan stored by the pricing page's start). A failed read is the page's
 * to show, not the router's.
 */
export async function loadOrderPage(queryClient: QueryClient, input: OrderPageInput): Promise<void> {
  const page = await queryClient.ensureQueryData(orderPageQuery(input)).catch(() => undefined);
  if (!page) return;
  const seed = (key: readonly unknown[], value: unknown) => {
    if (queryClient.getQueryData(key) === undefined) queryClient.setQueryData(key, value);
  };
  seed(paymentSessionKey(input.guid, input.isTest), page.sessionInfo);
  seed(taxInvoiceDetailsKey({ guid: input.guid }), { details: page.taxInvoiceDetails });
}
