import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { AdminScheduleView } from '../../../../../shared/api/admin-schedules.ts';
import { DataTable } from '../../../components/console/DataTable.tsx';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { KstTime } from '../../../components/console/KstTime.tsx';
import { useSchedules } from '../api/schedules.ts';
import { useScheduleToggle } from './use-schedule-toggle.ts';

const column = createColumnHelper<AdminScheduleView>();

/** The schedule list, newest first: whom it deposits what, when, its last outcomes, and its toggle. */
export function ScheduleList() {
  const { t } = useTranslation('console-schedules');
  const schedules = useSchedules();
  const toggle = useScheduleToggle();
  const time = (ms: number | undefined) => <KstTime ms={ms} />;
  const columns = [
    column.accessor('id', {
      header: () => t('field.id'),
      cell: (info) => (
        <Link to="/admin/schedule/$id/show" params={{ id: info.getValue() }}>
          {info.getValue()}
        </Link>
      ),
    }),
    column.accessor('targetEmail', { header: () => t('field.target_email') }),
    column.accessor((schedule) => schedule.params.planName, {
      id: 'planName',
      header: () => t('field.plan'),
    }),
    column.accessor('startAt', { header: () => t('field.start_at'), cell: (info) => time(info.getValue()) }),
    column.accessor((schedule) => (schedule.isRepeat ? (schedule.repeatEvery ?? 'once') : 'once'), {
      id: 'repeat',
      header: () => t('field.repeat'),
      cell: (info) => t(`repeat.${info.getValue()}`),
    }),
    column.accessor('nextScheduleAt', {
      header: () => t('field.next'),
      cell: (info) => time(info.getValue()),
    }),
    column.accessor('lastSuccessAt', {
      header: () => t('field.last_success'),
      cell: (info) => time(info.getValue()),
    }),
    column.accessor('lastErrorAt', {
      header: () => t('field.last_error'),
      cell: (info) => time(info.getValue()),
    }),
    column.accessor('creatorEmail', { header: () => t('field.creator') }),
    column.accessor('enable', {
      header: () => t('field.enable'),
      cell: (info) => {
        const schedule = info.row.original;
        return (
          <span className="console-row-actions">
            <span>{schedule.enable ? t('enabled') : t('disabled')}</span>
            <button
              type="button"
              className="console-button secondary"
              disabled={toggle.busy}
              aria-label={`${schedule.enable ? t('disable') : t('enable')} ${schedule.id}`}
              onClick={() => toggle.toggle(schedule)}
            >
              {schedule.enable ? t('disable') : t('enable')}
            </button>
            <Link
              to="/admin/schedule/$id/edit"
              params={{ id: schedule.id }}
              className="console-button secondary"
            >
              {t('console-shell:action.edit')}
            </Link>
          </span>
        );
      },
    }),
  ];
  return (
    <>
      <ErrorNote error={schedules.error} />
      <DataTable
        data={schedules.data ?? []}
        columns={columns}
        getRowId={(schedule) => schedule.id}
        caption={t('title')}
      />
    </>
  );
}
