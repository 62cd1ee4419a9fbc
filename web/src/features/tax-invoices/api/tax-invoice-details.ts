import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getPaymentSessionTaxInvoice,
  savePaymentSessionTaxInvoice,
  saveUserTaxInvoiceDetails,
  userTaxInvoiceDetails,
} from '../../../../../shared/api/tax-invoices.ts';
import type { TaxInvoiceDetailsInput } from '../../../../../shared/tax-invoices/tax-invoice-rules.ts';
import { callRoute } from '../../../lib/api-client.ts';

/**
 * The account's invoice details: by the payment session's guid on the order page, by the signed-in
 * token on the billing page. Either way they are the account's, kept until edited.
 */
export type DetailsOwner = { guid: string } | { token: string };

/** Their cache key: the order page's read (get-order-page, or the payment start) leaves them under it. */
export const taxInvoiceDetailsKey = (owner: DetailsOwner) => [
  'tax-invoice-details',
  'guid' in owner ? owner.guid : owner.token,
];

export const fetchTaxInvoiceDetails = (owner: DetailsOwner) =>
  'guid' in owner
    ? callRoute(getPaymentSessionTaxInvoice, { guid: owner.guid })
    : callRoute(userTaxInvoiceDetails, {}, { token: owner.token });

/** Read once per page: they change only by their own save, which replaces them in the cache. */
export const useTaxInvoiceDetails = (owner: DetailsOwner) =>
  useQuery({
    queryKey: taxInvoiceDetailsKey(owner),
    queryFn: () => fetchTaxInvoiceDetails(owner),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useSaveTaxInvoiceDetails(owner: DetailsOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: TaxInvoiceDetailsInput) =>
      'guid' in owner
        ? callRoute(savePaymentSessionTaxInvoice, { guid: owner.guid, details })
        : callRoute(saveUserTaxInvoiceDetails, { details }, { token: owner.token }),
    onSuccess: (answer) => queryClient.setQueryData(taxInvoiceDetailsKey(owner), answer),
  });
}
