import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { UserActivityRow } from '../../../../../shared/api/users.ts';
import { DataTable } from '../../../components/console/DataTable.tsx';
import { identifier, kstTime, labelled } from '../../../components/console/list/list-columns.tsx';
import type { UserDetailSectionProps } from '../../../lib/console/user-detail-section.ts';
import { codeLabel } from '../../../lib/labels/labels.ts';

const column = createColumnHelper<UserActivityRow>();

/** What operators did to the account, newest first: when, what, why, who; and the audit trail about it. */
export function ActivitiesSection({ info }: UserDetailSectionProps) {
  const { t } = useTranslation('console-users');
  const columns = [
    column.accessor('created', { header: t('field.created'), ...kstTime() }),
    column.accessor('action', {
      header: t('activity.action'),
      ...labelled((action: string) => codeLabel(t, 'activity', action)),
    }),
    column.accessor('desc', { header: t('activity.desc'), meta: { kind: 'longtext' } }),
    column.accessor('operatorEmail', { header: t('activity.operator'), ...identifier }),
  ];
  return (
    <section className="console-card" aria-labelledby="activities-title">
      <h2 id="activities-title">{t('activity.title')}</h2>
      <p>
        <Link to="/admin/audit" search={{ target: info.user.uid }}>
          {t('console-audit:user_link')}
        </Link>
      </p>
      <DataTable data={info.userActivities} columns={columns} caption={t('activity.title')} height={360} />
    </section>
  );
}
