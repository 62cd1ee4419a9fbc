import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { pagedListOptions } from '../../../../components/console/list/paged-list.ts';
import { PageTitle } from '../../../../components/console/PageTitle.tsx';
import { scheduleList } from '../../../../features/console-schedules/api/schedules.ts';
import { ScheduleList } from '../../../../features/console-schedules/components/ScheduleList.tsx';

export const Route = createFileRoute('/admin/_console/schedule/')({
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(pagedListOptions(scheduleList)),
  component: Schedules,
});

/** New schedules start from a user's detail (schedule/create needs the account in its query). */
function Schedules() {
  const { t } = useTranslation('console-schedules');
  return (
    <>
      <PageTitle title={t('title')} />
      <p className="console-hint">{t('create_hint')}</p>
      <ScheduleList />
    </>
  );
}
