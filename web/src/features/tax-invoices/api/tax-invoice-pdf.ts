import { useMutation } from '@tanstack/react-query';
import { userTaxInvoicePdf } from '../../../../../shared/api/tax-invoices.ts';
import { callRoute } from '../../../lib/api-client.ts';

/**
 * Opens the PDF of one of the account's tax invoices in a new tab: a link asked for at the click (Popbill's
 * last seconds), the tab opened at once so that the browser counts it as the click's.
 */
export function useOpenTaxInvoicePdf(token: string) {
  return useMutation({
    mutationFn: async (mgtKey: string) => {
      const tab = window.open('', '_blank');
      try {
        const { url } = await callRoute(userTaxInvoicePdf, { mgtKey }, { token });
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
