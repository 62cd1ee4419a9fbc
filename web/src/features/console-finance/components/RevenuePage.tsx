import './finance.css';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { REVENUE_MAX_DAYS } from '../../../../../shared/api/finance.ts';
import { CURRENCIES, type Currency, formatPrice } from '../../../../../shared/currency.ts';
import { daysBetween } from '../../../../../shared/finance/ledger.ts';
import { INVALID_DATE_FORMAT, kstToday } from '../../../../../shared/time/kst.ts';
import { isKstDate } from '../../../../../shared/time/kst-date-field.ts';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { FilterField } from '../../../components/console/list/FilterField.tsx';
import { useListFilters } from '../../../components/console/list/list-filters.ts';
import { TableFrame } from '../../../components/console/TableFrame.tsx';
import { useRevenueReport } from '../api/finance-api.ts';
import { RevenueCharts, type RevenueReport } from './RevenueCharts.tsx';

/** The revenue page's filters, as the address keeps them. */
export type RevenueFilters = {
  /** KST days; the last 30 days when absent. */
  from?: string;
  to?: string;
  /** The currency the money charts draw (KRW when absent). */
  currency?: Currency;
  test?: boolean;
};

/** Why the range cannot be asked for, if it cannot. */
function rangeProblem(from: string, to: string): string | undefined {
  if (!isKstDate('date', from) || !isKstDate('date', to) || from > to) return INVALID_DATE_FORMAT;
  if (daysBetween(from, to).length > REVENUE_MAX_DAYS) return 'console-finance:revenue.range_too_long';
  return undefined;
}

/**
 * The revenue page (issue 27, point 4): over a range of KST days (up to today), money per day (gross,
 * net, refunds) and the monthly recurring revenue in one currency, and the subscriptions running per
 * plan, started and ended; the recurring revenue now in every currency above them and every figure in a
 * table below. The filters live in the address.
 */
export function RevenuePage({
  filters: applied,
  onFilters,
}: {
  filters: RevenueFilters;
  onFilters: (filters: RevenueFilters) => void;
}) {
  const { t } = useTranslation('console-finance');
  const filters = useListFilters(applied, onFilters);
  const currencyId = useId();
  const from = applied.from ?? kstToday(-29);
  const to = applied.to ?? kstToday();
  const currency = applied.currency ?? 'KRW';
  const problem = rangeProblem(from, to);
  const report = useRevenueReport(problem ? undefined : { from, to }, Boolean(applied.test));
  return (
    <>
      <form className="console-card console-filters" aria-label={t('filters')} noValidate>
        <FilterField filters={filters} name="from" type="date" label={t('revenue.from')} fallback={from} />
        <FilterField filters={filters} name="to" type="date" label={t('revenue.to')} fallback={to} />
        <div className="console-field">
          <label htmlFor={currencyId}>{t('revenue.currency')}</label>
          <select
            id={currencyId}
            value={filters.draft.currency ?? 'KRW'}
            onChange={(event) => filters.change('currency', event.target.value as Currency)}
          >
            {CURRENCIES.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
        <label>
          <input
            type="checkbox"
            checked={Boolean(filters.draft.test)}
            onChange={(event) => filters.change('test', event.target.checked)}
          />{' '}
          {t('include_test')}
        </label>
      </form>
      {problem ? (
        <p className="field-error" role="alert">
          {t(problem)}
        </p>
      ) : null}
      <ErrorNote error={report.error} />
      {report.data && !problem ? (
        <>
          <RecurringNow report={report.data} />
          <RevenueCharts report={report.data} currency={currency} />
          <RevenueFigures report={report.data} />
        </>
      ) : null}
    </>
  );
}

/** The monthly recurring revenue at the end of the range (now, when it ends today), per currency. */
function RecurringNow({ report }: { report: RevenueReport }) {
  const { t } = useTranslation('console-finance');
  const last = report.subscriptions.at(-1);
  const mrr = CURRENCIES.filter((currency) => last?.mrr[currency] !== undefined);
  return (
    <section className="console-card" aria-labelledby="revenue-mrr-title">
      <h2 id="revenue-mrr-title">{t('revenue.mrr_now', { day: last?.day ?? '' })}</h2>
      <p className="console-hint">{t('revenue.mrr_hint')}</p>
      {mrr.length ? (
        <dl className="console-figures">
          {mrr.map((currency) => (
            <div key={currency}>
              <dt>{currency}</dt>
              <dd>{formatPrice(last?.mrr[currency] ?? 0, currency)}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p>{t('revenue.no_mrr')}</p>
      )}
    </section>
  );
}

/** Every figure of the charts, day by day, in every currency: for reading, a screen reader, a copy. */
function RevenueFigures({ report }: { report: RevenueReport }) {
  const { t } = useTranslation('console-finance');
  const currencies = CURRENCIES.filter(
    (currency) =>
      report.revenue.some((row) => row.currency === currency) ||
      report.subscriptions.some((day) => day.mrr[currency] !== undefined),
  );
  const moneyHeaders = currencies.flatMap((currency) =>
    (['gross', 'refunded', 'net', 'mrr_short'] as const).map((key) => ({
      key: `${currency}-${key}`,
      label: `${t(`revenue.${key}`)} ${currency}`,
    })),
  );
  const countHeaders = (['running', 'started', 'ended'] as const).map((key) => ({
    key,
    label: t(`revenue.${key}`),
  }));
  return (
    <details className="console-card">
      <summary>{t('revenue.figures')}</summary>
      <TableFrame caption={t('revenue.figures')}>
        <table className="console-table">
          <caption>{t('revenue.figures')}</caption>
          <thead>
            <tr>
              <th scope="col" data-kind="date">
                {t('revenue.day')}
              </th>
              {moneyHeaders.map((header) => (
                <th scope="col" key={header.key} data-kind="amount">
                  {header.label}
                </th>
              ))}
              {countHeaders.map((header) => (
                <th scope="col" key={header.key} data-kind="count">
                  {header.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.subscriptions.map((day) => {
              const amounts = currencies.flatMap((currency) => {
                const money = report.revenue.find((row) => row.day === day.day && row.currency === currency);
                return [money?.gross, money?.refunded, money?.net, day.mrr[currency]].map((amount) =>
                  formatPrice(amount ?? 0, currency),
                );
              });
              const counts = [
                Object.values(day.active).reduce((sum, count) => sum + count, 0),
                day.started,
                day.ended,
              ];
              return (
                <tr key={day.day}>
                  <th scope="row" data-kind="date">
                    {day.day}
                  </th>
                  {amounts.map((amount, index) => (
                    <td
                      key={moneyHeaders[index]?.key}
                      data-kind="amount"
                      data-label={moneyHeaders[index]?.label}
                    >
                      {amount}
                    </td>
                  ))}
                  {counts.map((count, index) => (
                    <td
                      key={countHeaders[index]?.key}
                      data-kind="count"
                      data-label={countHeaders[index]?.label}
                    >
                      {count}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableFrame>
    </details>
  );
}
