import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AUDIT_KINDS, isAuditKind } from '../../../../../shared/audit/audit-kinds.ts';
import { PageTitle } from '../../../components/console/PageTitle.tsx';
import { AuditList } from '../../../features/console-audit/components/AuditList.tsx';
import { searchChoice, searchMatching, searchParams, searchText } from '../../../lib/search-params.ts';

const day = searchMatching(/^\d{4}-\d{2}-\d{2}$/);

/** The audit trail; its filters live in the address, so a search can be reloaded, shared and linked to. */
export const Route = createFileRoute('/admin/_console/audit')({
  validateSearch: searchParams({
    staff: searchText(254),
    target: searchText(254),
    kind: searchChoice(AUDIT_KINDS),
    from: day,
    to: day,
  }),
  component: Audit,
});

function Audit() {
  const { t } = useTranslation('console-audit');
  const filter = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return (
    <>
      <PageTitle title={t('title')} />
      <p className="console-hint">{t('hint')}</p>
      <AuditList
        filter={filter}
        onFilter={({ kind, ...search }) =>
          navigate({ search: { ...search, ...(isAuditKind(kind) ? { kind } : {}) }, replace: true })
        }
      />
    </>
  );
}
