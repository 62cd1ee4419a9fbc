import { useNavigate } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { AffiliateView } from '../../../../../shared/api/admin-affiliates.ts';
import { KST_DATE } from '../../../../../shared/time/kst.ts';
import { DataTable } from '../../../components/console/DataTable.tsx';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { KstTime } from '../../../components/console/KstTime.tsx';
import { useAffiliates } from '../api/affiliates.ts';

const column = createColumnHelper<AffiliateView>();

/** The affiliate list (AffiliateList), by name; a row opens the affiliate. */
export function AffiliateList() {
  const { t } = useTranslation('console-affiliates');
  const navigate = useNavigate();
  const affiliates = useAffiliates();
  const columns = [
    column.accessor('name', { header: () => t('field.name') }),
    column.accessor('countryCode', { header: () => t('field.country') }),
    column.accessor('couponCode', { header: () => t('field.coupon_code') }),
    column.accessor('couponType', {
      header: () => t('field.coupon_type'),
      cell: (info) => t(`coupon_type.${info.getValue()}`),
    }),
    column.accessor('startedAt', {
      header: () => t('field.start'),
      cell: (info) => <KstTime ms={info.getValue()} format={KST_DATE} />,
    }),
    column.accessor('expiredAt', {
      header: () => t('field.end'),
      cell: (info) => <KstTime ms={info.getValue()} format={KST_DATE} />,
    }),
    column.accessor(
      (row) => (row.hasSignUpReward ? `${row.signUpRewardAmount} ${row.signUpRewardCurrency ?? ''}` : '-'),
      {
        id: 'reward',
        header: () => t('field.reward_amount'),
      },
    ),
    column.accessor((row) => (row.hasPaymentShare ? `${row.paymentSharePercentage}%` : '-'), {
      id: 'share',
      header: () => t('field.share_percentage'),
    }),
  ];
  return (
    <>
      <ErrorNote error={affiliates.error} />
      <DataTable
        data={affiliates.data ?? []}
        columns={columns}
        getRowId={(row) => row.couponCode}
        caption={t('title')}
        onRowClick={(row) =>
          navigate({ to: '/admin/affiliate/$code/show', params: { code: row.couponCode } })
        }
      />
    </>
  );
}
