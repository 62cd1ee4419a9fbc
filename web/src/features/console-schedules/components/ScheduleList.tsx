import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { AdminScheduleView } from '../../../../../shared/api/schedules.ts';
import { ListTable } from '../../../components/console/list/ListTable.tsx';
import { kstTime, labelled, shownAs } from '../../../components/console/list/list-columns.tsx';
import { planNameLabel } from '../../../lib/labels/labels.ts';
import { useSchedules } from '../api/schedules.ts';
import { useScheduleToggle } from './use-schedule-toggle.ts';

const column = createColumnHelper<AdminScheduleView>();

/**
 * The schedule list, newest first, a page at a time: whom it deposits what, when, its last outcomes,
 * and its toggle; it exports to CSV.
 */
export function ScheduleList() {
  const { t } = useTranslation('console-schedules');
  const schedules = useSchedules();
  const toggle = useScheduleToggle();
  const columns = [
    column.accessor('id', {
      header: t('field.id'),
      cell: (info) => (
        <Link to="/admin/schedule/$id/show" params={{ id: info.getValue() }}>
          {info.getValue()}
        </Link>
      ),
    }),
    column.accessor('targetEmail', { header: t('field.target_email') }),
    column.accessor((schedule) => schedule.params.planName, {
      id: 'planName',
      header: t('field.plan'),
      ...labelled((plan: string) => planNameLabel(t, plan), { withCode: true }),
    }),
    column.accessor('startAt', { header: t('field.start_at'), ...kstTime() }),
    column.accessor((schedule) => (schedule.isRepeat ? (schedule.repeatEvery ?? 'once') : 'once'), {
      id: 'repeat',
      header: t('field.repeat'),
      ...shownAs((repeat: string) => t(`repeat.${repeat}`)),
    }),
    column.accessor('nextScheduleAt', { header: t('field.next'), ...kstTime() }),
    column.accessor('lastSuccessAt', { header: t('field.last_success'), ...kstTime() }),
    column.accessor('lastErrorAt', { header: t('field.last_error'), ...kstTime() }),
    column.accessor('creatorEmail', { header: t('field.creator') }),
    column.accessor('enable', {
      header: t('field.enable'),
      meta: { csv: (enabled: boolean) => (enabled ? t('enabled') : t('disabled')) },
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
    <ListTable
      list={schedules}
      columns={columns}
      caption={t('title')}
      exportName="schedules"
      getRowId={(schedule) => schedule.id}
    />
  );
}
