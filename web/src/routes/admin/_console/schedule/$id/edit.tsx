import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../../../components/console/PageTitle.tsx';
import {
  scheduleQueryOptions,
  useSchedule,
} from '../../../../../features/console-schedules/api/schedules.ts';
import { ScheduleForm } from '../../../../../features/console-schedules/components/ScheduleForm.tsx';
import { scheduleToForm } from '../../../../../features/console-schedules/components/schedule-form-values.ts';

export const Route = createFileRoute('/admin/_console/schedule/$id/edit')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(scheduleQueryOptions(params.id)),
  component: ScheduleEdit,
});

function ScheduleEdit() {
  const { t } = useTranslation('console-schedules');
  const { id } = Route.useParams();
  const schedule = useSchedule(id).data;
  return (
    <>
      <PageTitle title={t('edit', { id })} />
      {schedule ? (
        <ScheduleForm key={schedule.id} scheduleId={schedule.id} initial={scheduleToForm(schedule)} />
      ) : null}
    </>
  );
}
