import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { UserActivityRow } from '../../../../../shared/api/users.ts';
import { DataTable } from '../../../components/console/DataTable.tsx';
import { KstTime } from '../../../components/console/KstTime.tsx';
import type { UserDetailSectionProps } from '../../../lib/console/user-detail-section.ts';

const column = createColumnHelper<UserActivityRow>();

/** What operators did to the account, newest first: when, what, why, who; and the audit trail about it. */
export function ActivitiesSection({ info }: UserDetailSectionProps) {
  const { t } = useTranslation('console-users');
  const columns = [
    column.accessor('created', {
      header: () => t('field.created'),
      cell: (cell) => <KstTime ms={cell.getValue()} />,
    }),
    column.accessor('action', {
      header: () => t('activity.action'),
      // Every action has a label (activity-labels.test.ts).
      cell: (cell) => t(`activity.actions.${cell.getValue()}`),
    }),
    column.accessor('desc', { header: () => t('activity.desc') }),
    column.accessor('operatorEmail', { header: () => t('activity.operator') }),
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
