import { type AuditFilter, adminAuditList } from '../../../../../shared/api/audit.ts';
import type { ListPageRequest } from '../../../../../shared/api/list-page.ts';
import { usePagedList } from '../../../components/console/list/paged-list.ts';
import { adminCall, adminKey } from '../../../lib/console/admin-api.ts';

/** The audit trail under the filters, newest first, a page at a time. */
export function auditList(filter: AuditFilter) {
  const fetchPage = (page: ListPageRequest) => adminCall(adminAuditList, { ...filter, ...page });
  return {
    queryKey: adminKey('audit', filter),
    fetchPage,
    rowsOf: (page: Awaited<ReturnType<typeof fetchPage>>) => page.entries,
  };
}

export const useAuditList = (filter: AuditFilter) => usePagedList(auditList(filter));
