import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteInput } from '../../../../../shared/api/define-route.ts';
import type { ListPageRequest } from '../../../../../shared/api/list-page.ts';
import {
  adminTaxInvoiceList,
  adminTaxInvoiceMark,
  adminTaxInvoicePdf,
} from '../../../../../shared/api/tax-invoices.ts';
import type { TaxInvoiceState } from '../../../../../shared/tax-invoices/tax-invoice-rules.ts';
import { usePagedList } from '../../../components/console/list/paged-list.ts';
import { adminCall, adminKey } from '../../../lib/console/admin-api.ts';

const taxInvoicesKey = adminKey('tax-invoices');

export interface TaxInvoiceFilter {
  month: string;
  state?: TaxInvoiceState | undefined;
  payMethod?: string | undefined;
}

/** A month's invoice requests, a page at a time, by state and pay method. */
export const taxInvoiceList = (filter: TaxInvoiceFilter) => ({
  queryKey: [...taxInvoicesKey, filter.month, filter.state ?? '', filter.payMethod ?? ''],
  fetchPage: (page: ListPageRequest) =>
    adminCall(adminTaxInvoiceList, {
      month: filter.month,
      ...(filter.state ? { state: filter.state } : {}),
      ...(filter.payMethod ? { payMethod: filter.payMethod } : {}),
      ...page,
    }),
  rowsOf: (answer: Awaited<ReturnType<typeof adminCall<typeof adminTaxInvoiceList>>>) => answer.result,
});
export const useTaxInvoiceList = (filter: TaxInvoiceFilter) => usePagedList(taxInvoiceList(filter));

/** Marks requests issued or cancelled (several one after another); the list is read again after. */
export function useMarkTaxInvoices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (marks: RouteInput<typeof adminTaxInvoiceMark>[]) => {
      for (const mark of marks) await adminCall(adminTaxInvoiceMark, mark);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: taxInvoicesKey }),
  });
}

/**
 * Opens the PDF of an invoice Popbill issued in a new tab: a link asked for at the click (Popbill's last
 * seconds), the tab opened at once so that the browser counts it as the click's.
 */
export function useOpenTaxInvoicePdf() {
  return useMutation({
    mutationFn: async (mgtKey: string) => {
      const tab = window.open('', '_blank');
      try {
        const { url } = await adminCall(adminTaxInvoicePdf, { mgtKey });
        if (tab) {
          tab.opener = null;
          tab.location.href = url;
        } else window.open(url, '_blank', 'noopener');
      } catch (error) {
        tab?.close();
        throw error;
      }
    },
  });
}
