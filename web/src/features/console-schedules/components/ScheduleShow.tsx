import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import type { AdminScheduleRunSchema } from '../../../../../shared/api/schedules.ts';
import { CodeLabel } from '../../../components/console/CodeLabel.tsx';
import { DataTable } from '../../../components/console/DataTable.tsx';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { KstTime } from '../../../components/console/KstTime.tsx';
import { PageTitle } from '../../../components/console/PageTitle.tsx';
import { planNameLabel } from '../../../lib/labels/labels.ts';
import { useSchedule } from '../api/schedules.ts';
import { useScheduleToggle } from './use-schedule-toggle.ts';

type Run = z.infer<typeof AdminScheduleRunSchema>;
const column = createColumnHelper<Run>();

/**
 * schedule/{id}/show: the schedule, its deposit, when it ran last (success, error) and runs next, and
 * its logs, newest first: each run's time, when it was logged, and the deposit it made or why not.
 */
export function ScheduleShow({ id }: { id: string }) {
  const { t, i18n } = useTranslation('console-schedules');
  const schedule = useSchedule(id);
  const toggle = useScheduleToggle();
  const shown = schedule.data;
  const columns = [
    column.accessor('scheduledAt', {
      header: () => t('log.scheduled_at'),
      cell: (info) => <KstTime ms={info.getValue()} />,
    }),
    column.accessor('created', {
      header: () => t('log.created'),
      cell: (info) => <KstTime ms={info.getValue()} />,
    }),
    column.accessor('merchantUid', { header: () => t('log.merchant_uid') }),
    column.accessor('error', {
      header: () => t('log.error'),
      cell: (info) => {
        const error = info.getValue();
        return error && i18n.exists(error) ? t(error) : error;
      },
    }),
  ];
  return (
    <>
      <PageTitle title={t('show', { id })}>
        {shown ? (
          <>
            <button
              type="button"
              className="console-button secondary"
              disabled={toggle.busy}
              onClick={() => toggle.toggle(shown)}
            >
              {shown.enable ? t('disable') : t('enable')}
            </button>
            <Link to="/admin/schedule/$id/edit" params={{ id }} className="console-button">
              {t('console-shell:action.edit')}
            </Link>
          </>
        ) : null}
      </PageTitle>
      <ErrorNote error={schedule.error} />
      {shown ? (
        <>
          <section className="console-card">
            <dl className="console-details">
              <dt>{t('field.description')}</dt>
              <dd>{shown.description}</dd>
              <dt>{t('field.enable')}</dt>
              <dd>{shown.enable ? t('enabled') : t('disabled')}</dd>
              <dt>{t('field.action')}</dt>
              <dd>{shown.adminActionTarget}</dd>
              <dt>{t('field.repeat')}</dt>
              <dd>{t(`repeat.${shown.isRepeat ? (shown.repeatEvery ?? 'once') : 'once'}`)}</dd>
              <dt>{t('field.start_at')}</dt>
              <dd>
                <KstTime ms={shown.startAt} />
              </dd>
              <dt>{t('field.next')}</dt>
              <dd>
                <KstTime ms={shown.nextScheduleAt} />
              </dd>
              <dt>{t('field.last_success')}</dt>
              <dd>
                <KstTime ms={shown.lastSuccessAt} />
              </dd>
              <dt>{t('field.last_error')}</dt>
              <dd>
                <KstTime ms={shown.lastErrorAt} />
              </dd>
              <dt>{t('field.creator')}</dt>
              <dd>{shown.creatorEmail}</dd>
              <dt>{t('field.created')}</dt>
              <dd>
                <KstTime ms={shown.created} />
              </dd>
            </dl>
          </section>
          <section className="console-card">
            <h2>{t('deposit')}</h2>
            <dl className="console-details">
              <dt>{t('console-deposits:field.uid')}</dt>
              <dd>
                <Link to="/admin/users/$id/show" params={{ id: shown.params.uid }}>
                  {shown.params.uid}
                </Link>
              </dd>
              <dt>{t('console-deposits:field.user_name')}</dt>
              <dd>{shown.params.userName}</dd>
              <dt>{t('console-deposits:field.user_email')}</dt>
              <dd>{shown.params.userEmail}</dd>
              <dt>{t('console-deposits:field.user_phone')}</dt>
              <dd>{shown.params.userPhone}</dd>
              <dt>{t('console-deposits:field.plan_name')}</dt>
              <dd>
                <CodeLabel label={planNameLabel(t, shown.params.planName)} code={shown.params.planName} />
              </dd>
              <dt>{t('console-deposits:field.price')}</dt>
              <dd>
                {shown.params.price} {shown.params.currency}
              </dd>
              <dt>{t('console-deposits:field.payment_type')}</dt>
              <dd>{t(`console-deposits:payment_type.${shown.params.paymentType}`)}</dd>
            </dl>
          </section>
          <DataTable data={shown.logs} columns={columns} caption={t('log.title')} />
        </>
      ) : null}
    </>
  );
}
