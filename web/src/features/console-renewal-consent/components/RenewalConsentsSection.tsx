import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { AdminRenewalConsent } from '../../../../../shared/api/renewal-consent.ts';
import { formatPrice } from '../../../../../shared/currency.ts';
import { DataTable } from '../../../components/console/DataTable.tsx';
import { KstTime } from '../../../components/console/KstTime.tsx';
import { kstTime, labelled } from '../../../components/console/list/list-columns.tsx';
import type { UserDetailSectionProps } from '../../../lib/console/user-detail-section.ts';
import { planNameLabel } from '../../../lib/labels/labels.ts';

const column = createColumnHelper<AdminRenewalConsent>();

/**
 * The consents the account's renewals that cost more asked for (issue 26): the amount, when it was
 * asked, and when and where it was given or declined (a consent withdrawn shows both), newest first.
 */
export function RenewalConsentsSection({ info }: UserDetailSectionProps) {
  const { t } = useTranslation('console-renewal-consent');
  const answer = (at: number | undefined, via: string | undefined) =>
    at === undefined ? null : (
      <>
        <KstTime ms={at} /> {via ? `(${t(`via.${via}`)})` : null}
      </>
    );
  const columns = [
    column.accessor('renewsAt', { header: t('renews_at'), ...kstTime() }),
    column.accessor('planName', {
      header: t('plan'),
      ...labelled((plan: string) => planNameLabel(t, plan), { withCode: true }),
    }),
    column.accessor('amount', {
      header: t('amount'),
      meta: { kind: 'amount' },
      cell: (cell) =>
        `${formatPrice(cell.row.original.lastCharge, cell.row.original.currency)} → ${formatPrice(cell.getValue(), cell.row.original.currency)}`,
    }),
    column.accessor('reason', { header: () => t('reason'), cell: (cell) => t(`reasons.${cell.getValue()}`) }),
    column.accessor('status', {
      header: () => t('status'),
      cell: (cell) => t(`statuses.${cell.getValue()}`),
    }),
    column.accessor('askedAt', { header: t('asked_at'), ...kstTime() }),
    column.accessor('consentedAt', {
      header: () => t('consented_at'),
      cell: (cell) => answer(cell.getValue(), cell.row.original.consentedVia),
    }),
    column.accessor('declinedAt', {
      header: () => t('declined_at'),
      cell: (cell) => answer(cell.getValue(), cell.row.original.declinedVia),
    }),
  ];
  return (
    <section className="console-card" aria-labelledby="renewal-consents-title">
      <h2 id="renewal-consents-title">{t('title')}</h2>
      {info.renewalConsents.length ? (
        <DataTable data={info.renewalConsents} columns={columns} caption={t('title')} height={240} />
      ) : (
        <p>{t('none')}</p>
      )}
    </section>
  );
}
