import { createFileRoute } from '@tanstack/react-router';
import { scheduleQueryOptions } from '../../../../../features/console-schedules/api/schedules.ts';
import { ScheduleShow } from '../../../../../features/console-schedules/components/ScheduleShow.tsx';

export const Route = createFileRoute('/admin/_console/schedule/$id/show')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(scheduleQueryOptions(params.id)),
  component: ScheduleShowPage,
});

function ScheduleShowPage() {
  const { id } = Route.useParams();
  return <ScheduleShow id={id} />;
}
