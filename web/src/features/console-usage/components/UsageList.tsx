import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { USAGE_LIST_TYPES, type UsageEntryRow, type UsageListType } from '../../../../../shared/api/usage.ts';
import { kstDayRange } from '../../../../../shared/time/kst.ts';
import { DataTable } from '../../../components/console/DataTable.tsx';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { KstDateInput } from '../../../components/console/KstDateInput.tsx';
import { KstTime } from '../../../components/console/KstTime.tsx';
import { downloadCsv, exportFileName } from '../../../components/console/list/list-export.ts';
import { minutesAndSeconds } from '../../console-money/index.ts';
import { type UsageQuery, useUsageList } from '../api/usage-api.ts';
import { type DailyUsage, dailyUsage, defaultUsageRange, shownUsage, usageCsv } from '../usage-table.ts';

const entryColumn = createColumnHelper<UsageEntryRow>();
const dayColumn = createColumnHelper<DailyUsage>();

/**
 * users/{id}/usages (section 2): from, to and usageType are required (default last month to today,
 * ALL); KST dates, the end day included. Options: daily (summed per Korean day) and showFailedRequest.
 * STT counts are seconds, shown as minutes plus seconds. The shown rows export to CSV.
 */
export function UsageList({ uid }: { uid: string }) {
  const { t } = useTranslation('console-usage');
  const [initial] = useState(() => defaultUsageRange(Date.now()));
  const [query, setQuery] = useState<UsageQuery>(() => ({ uid, usageType: 'ALL', ...rangeOf(initial) }));
  const [rangeError, setRangeError] = useState<string>();
  const [daily, setDaily] = useState(false);
  const [showFailed, setShowFailed] = useState(false);
  const list = useUsageList(query);
  const rows = useMemo(() => shownUsage(list.data?.results ?? [], showFailed), [list.data, showFailed]);
  const count = (type: string, value: number) =>
    type === 'STT' ? minutesAndSeconds(value, t) : value.toLocaleString();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    try {
      const range = rangeOf({ from: String(data.get('from') ?? ''), to: String(data.get('to') ?? '') });
      setRangeError(undefined);
      setQuery({ uid, usageType: String(data.get('usageType')) as UsageListType, ...range });
    } catch (error) {
      setRangeError((error as Error).message);
    }
  };
  const exportCsv = () => downloadCsv(exportFileName(`usage-${uid}`, Date.now()), usageCsv(rows));

  const entryColumns = [
    entryColumn.accessor('date', {
      header: () => t('field.date'),
      cell: (cell) => <KstTime ms={cell.getValue()} />,
    }),
    entryColumn.accessor('type', { header: () => t('field.type') }),
    entryColumn.accessor('count', {
      header: () => t('field.count'),
      cell: (cell) => count(cell.row.original.type, cell.getValue()),
    }),
    entryColumn.accessor('success', {
      header: () => t('field.success'),
      cell: (cell) => (cell.getValue() ? t('yes') : `${t('no')} (${cell.row.original.failure ?? ''})`),
    }),
    entryColumn.accessor('source', { header: () => t('field.source') }),
    entryColumn.accessor('speaker', { header: () => t('field.speaker') }),
    entryColumn.accessor('free', {
      header: () => t('field.free'),
      cell: (cell) => (cell.getValue() === undefined ? '' : cell.getValue() ? t('yes') : t('no')),
    }),
    entryColumn.accessor('engine', { header: () => t('field.engine') }),
    entryColumn.accessor('clientType', { header: () => t('field.client_type') }),
    entryColumn.accessor('operatorEmail', { header: () => t('field.operator') }),
    entryColumn.accessor('desc', { header: () => t('field.desc') }),
  ];
  const dayColumns = [
    dayColumn.accessor('day', { header: () => t('field.day') }),
    dayColumn.accessor('type', { header: () => t('field.type') }),
    dayColumn.accessor('count', {
      header: () => t('field.count'),
      cell: (cell) => count(cell.row.original.type, cell.getValue()),
    }),
    dayColumn.accessor('entries', { header: () => t('field.entries') }),
  ];
  return (
    <>
      <form className="console-form console-card console-filters" onSubmit={submit} noValidate>
        <label className="console-field">
          {t('filter.from')}
          <KstDateInput kind="date" name="from" required defaultValue={initial.from} />
        </label>
        <label className="console-field">
          {t('filter.to')}
          <KstDateInput kind="date" name="to" required defaultValue={initial.to} />
        </label>
        <label className="console-field">
          {t('filter.usage_type')}
          <select name="usageType" defaultValue="ALL">
            {USAGE_LIST_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </label>
        <label>
          <input type="checkbox" checked={daily} onChange={(event) => setDaily(event.target.checked)} />{' '}
          {t('filter.daily')}
        </label>
        <label>
          <input
            type="checkbox"
            checked={showFailed}
            onChange={(event) => setShowFailed(event.target.checked)}
          />{' '}
          {t('filter.show_failed')}
        </label>
        <div className="console-actions">
          <button type="submit" className="console-button">
            {t('filter.search')}
          </button>
          <button
            type="button"
            className="console-button secondary"
            onClick={exportCsv}
            disabled={rows.length === 0}
          >
            {t('export_csv')}
          </button>
          <Link to="/admin/users/$id/usages/create" params={{ id: uid }} className="console-button">
            {t('grant.title')}
          </Link>
        </div>
      </form>
      {rangeError ? (
        <p className="field-error" role="alert">
          {t(rangeError)}
        </p>
      ) : null}
      <ErrorNote error={list.error} />
      <section className="console-card">
        {daily ? (
          <DataTable data={dailyUsage(rows)} columns={dayColumns} caption={t('daily_title')} />
        ) : (
          <DataTable data={rows} columns={entryColumns} caption={t('title')} getRowId={(row) => row.id} />
        )}
      </section>
    </>
  );
}

function rangeOf(dates: { from: string; to: string }) {
  const { fromMs, toMs } = kstDayRange(dates.from, dates.to);
  return { from: fromMs, to: toMs };
}
