import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import type { ReactNode } from 'react';
import { Bar, Line } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import type { RouteOutput } from '../../../../../shared/api/define-route.ts';
import type { adminRevenueReport } from '../../../../../shared/api/finance.ts';
import { type Currency, formatPrice } from '../../../../../shared/currency.ts';
import { codeLabel } from '../../../lib/labels/labels.ts';

/**
 * The revenue page's charts (Chart.js through react-chartjs-2, only the parts drawn here registered, in
 * the console's own chunks: the site never loads them). Each chart is a figure named by its caption,
 * its canvas an image named by what it shows; the same figures are in the table below the charts.
 */
Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

export type RevenueReport = RouteOutput<typeof adminRevenueReport>['result'];

const COLORS = {
  gross: '#0f766e',
  net: '#14b8a6',
  refunded: '#dc2626',
  mrr: '#2563eb',
  started: '#16a34a',
  ended: '#b91c1c',
};
const PLAN_COLORS = ['#0f766e', '#2563eb', '#9333ea', '#ea580c', '#65a30d', '#db2777', '#0891b2', '#ca8a04'];

/** Drawn at once (no animation): the figures are read, not watched. */
const baseOptions = {
  responsive: true,
  maintainAspectRatio: false,
  animation: false,
  plugins: { legend: { position: 'bottom' } },
} as const;

/** Counts start at zero and are whole. */
const countScale = { beginAtZero: true, ticks: { precision: 0 } } as const;

/** Money starts at zero (a bar's height is its amount) and its ticks are amounts in the currency. */
function moneyOptions(currency: Currency) {
  return {
    ...baseOptions,
    scales: {
      y: {
        beginAtZero: true,
        ticks: { callback: (value: string | number) => formatPrice(Number(value), currency) },
      },
    },
  };
}

/**
 * A chart under its caption; its canvas (an image, react-chartjs-2's role) is named by `label`. A chart
 * whose figures are all zero (or missing) says there is no data for the period instead of drawing an
 * empty grid around a flat line.
 */
function ChartFigure({
  title,
  label,
  empty,
  draw,
}: {
  title: string;
  label: string;
  empty: boolean;
  draw: (canvas: { 'aria-label': string; fallbackContent: ReactNode }) => ReactNode;
}) {
  const { t } = useTranslation('console-finance');
  return (
    <figure className="console-card console-chart">
      <figcaption>{title}</figcaption>
      {empty ? (
        <p className="console-chart-empty">{t('revenue.no_data')}</p>
      ) : (
        <div className="console-chart-canvas">{draw({ 'aria-label': label, fallbackContent: label })}</div>
      )}
    </figure>
  );
}

const allZero = (values: readonly number[]) => values.every((value) => value === 0);

export function RevenueCharts({ report, currency }: { report: RevenueReport; currency: Currency }) {
  const { t } = useTranslation('console-finance');
  const labels = report.days.map((day) => day.slice(5));
  const moneyOf = (day: string) =>
    report.revenue.find((row) => row.day === day && row.currency === currency) ?? {
      gross: 0,
      refunded: 0,
      net: 0,
    };
  const money = report.days.map(moneyOf);
  const plans = [...new Set(report.subscriptions.flatMap((day) => Object.keys(day.active)))].sort();
  const range = { from: report.days[0], to: report.days.at(-1), currency };
  const total = (values: number[]) =>
    formatPrice(
      values.reduce((sum, value) => sum + value, 0),
      currency,
    );
  // A plan's key in the report is its type and period (`STANDARD MONTHLY`).
  const planName = (key: string) => {
    const [type = '', period = ''] = key.split(' ');
    return `${codeLabel(t, 'planType', type)} · ${codeLabel(t, 'planPeriod', period)}`;
  };
  const mrr = report.subscriptions.map((day) => day.mrr[currency] ?? 0);
  const active = report.subscriptions.flatMap((day) => Object.values(day.active));
  const movement = report.subscriptions.flatMap((day) => [day.started, day.ended]);
  return (
    <div className="console-charts">
      <ChartFigure
        title={t('revenue.daily', { currency })}
        label={t('revenue.daily_label', {
          ...range,
          gross: total(money.map((day) => day.gross)),
          net: total(money.map((day) => day.net)),
        })}
        empty={allZero(money.flatMap((day) => [day.gross, day.net]))}
        draw={(canvas) => (
          <Bar
            {...canvas}
            options={moneyOptions(currency)}
            data={{
              labels,
              datasets: [
                {
                  label: t('revenue.gross'),
                  data: money.map((day) => day.gross),
                  backgroundColor: COLORS.gross,
                },
                { label: t('revenue.net'), data: money.map((day) => day.net), backgroundColor: COLORS.net },
              ],
            }}
          />
        )}
      />
      <ChartFigure
        title={t('revenue.refunds', { currency })}
        label={t('revenue.refunds_label', { ...range, refunded: total(money.map((day) => day.refunded)) })}
        empty={allZero(money.map((day) => day.refunded))}
        draw={(canvas) => (
          <Bar
            {...canvas}
            options={moneyOptions(currency)}
            data={{
              labels,
              datasets: [
                {
                  label: t('revenue.refunded'),
                  data: money.map((day) => day.refunded),
                  backgroundColor: COLORS.refunded,
                },
              ],
            }}
          />
        )}
      />
      <ChartFigure
        title={t('revenue.mrr', { currency })}
        label={t('revenue.mrr_label', {
          ...range,
          mrr: formatPrice(report.subscriptions.at(-1)?.mrr[currency] ?? 0, currency),
        })}
        empty={allZero(mrr)}
        draw={(canvas) => (
          <Line
            {...canvas}
            options={moneyOptions(currency)}
            data={{
              labels,
              datasets: [
                {
                  label: t('revenue.mrr_short'),
                  data: mrr,
                  borderColor: COLORS.mrr,
                  backgroundColor: COLORS.mrr,
                },
              ],
            }}
          />
        )}
      />
      <ChartFigure
        title={t('revenue.active')}
        label={t('revenue.active_label', {
          ...range,
          count: Object.values(report.subscriptions.at(-1)?.active ?? {}).reduce(
            (sum, count) => sum + count,
            0,
          ),
        })}
        empty={allZero(active)}
        draw={(canvas) => (
          <Bar
            {...canvas}
            options={{
              ...baseOptions,
              scales: { x: { stacked: true }, y: { ...countScale, stacked: true } },
            }}
            data={{
              labels,
              datasets: plans.map((plan, index) => ({
                label: planName(plan),
                data: report.subscriptions.map((day) => day.active[plan] ?? 0),
                backgroundColor: PLAN_COLORS[index % PLAN_COLORS.length],
              })),
            }}
          />
        )}
      />
      <ChartFigure
        title={t('revenue.movement')}
        label={t('revenue.movement_label', {
          ...range,
          started: report.subscriptions.reduce((sum, day) => sum + day.started, 0),
          ended: report.subscriptions.reduce((sum, day) => sum + day.ended, 0),
        })}
        empty={allZero(movement)}
        draw={(canvas) => (
          <Bar
            {...canvas}
            options={{ ...baseOptions, scales: { y: countScale } }}
            data={{
              labels,
              datasets: [
                {
                  label: t('revenue.started'),
                  data: report.subscriptions.map((day) => day.started),
                  backgroundColor: COLORS.started,
                },
                {
                  label: t('revenue.ended'),
                  data: report.subscriptions.map((day) => day.ended),
                  backgroundColor: COLORS.ended,
                },
              ],
            }}
          />
        )}
      />
    </div>
  );
}
