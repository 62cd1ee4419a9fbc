import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RouteOutput } from '../../../../../shared/api/define-route.ts';
import {
  adminFinanceLedger,
  adminFinanceSummary,
  adminRevenueReport,
  type FinanceLedgerFilter,
} from '../../../../../shared/api/finance.ts';
import type { ListPageRequest } from '../../../../../shared/api/list-page.ts';
import { usePagedList } from '../../../components/console/list/paged-list.ts';
import { adminCall, adminKey } from '../../../lib/console/admin-api.ts';

/** The finance view's calls (shared/api/finance.ts): totals, the ledger a page at a time, the revenue page. */
const financeKey = (...parts: unknown[]) => adminKey('finance', ...parts);

/** A period's totals; nothing is asked while the period is not a date. */
export const useFinanceSummary = (period: string | undefined, includeTest: boolean) =>
  useQuery({
    queryKey: financeKey('summary', period, includeTest),
    queryFn: async () => (await adminCall(adminFinanceSummary, { period: period ?? '', includeTest })).result,
    enabled: period !== undefined,
    placeholderData: keepPreviousData,
  });

const entriesOf = (page: RouteOutput<typeof adminFinanceLedger>) => page.result;

/** A period's payments and refunds, a page at a time. */
export const useFinanceLedger = (filter: FinanceLedgerFilter, enabled: boolean) =>
  usePagedList({
    queryKey: financeKey('ledger', filter),
    fetchPage: (page: ListPageRequest) => adminCall(adminFinanceLedger, { ...filter, ...page }),
    rowsOf: entriesOf,
    enabled,
  });

/** The revenue page's figures of a range of days; nothing is asked while the range is not one. */
export const useRevenueReport = (range: { from: string; to: string } | undefined, includeTest: boolean) =>
  useQuery({
    queryKey: financeKey('revenue', range, includeTest),
    queryFn: async () =>
      (await adminCall(adminRevenueReport, { from: range?.from ?? '', to: range?.to ?? '', includeTest }))
        .result,
    enabled: range !== undefined,
    placeholderData: keepPreviousData,
  });
