import { useNavigate } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { AffiliateView } from '../../../../../shared/api/affiliates.ts';
import { KST_DATE } from '../../../../../shared/time/kst.ts';
import { ListTable } from '../../../components/console/list/ListTable.tsx';
import { kstTime, shownAs } from '../../../components/console/list/list-columns.tsx';
import { useAffiliates } from '../api/affiliates.ts';

const column = createColumnHelper<AffiliateView>();

/**
 * The affiliate list (AffiliateList), by coupon code (the index's order), a page at a time; a row
 * opens the affiliate; the list exports to CSV.
 */
export function AffiliateList() {
  const { t } = useTranslation('console-affiliates');
  const navigate = useNavigate();
  const affiliates = useAffiliates();
  const columns = [
    column.accessor('name', { header: t('field.name') }),
    column.accessor('countryCode', { header: t('field.country') }),
    column.accessor('couponCode', { header: t('field.coupon_code') }),
    column.accessor('couponType', {
      header: t('field.coupon_type'),
      ...shownAs((type: string) => t(`coupon_type.${type}`)),
    }),
    column.accessor('startedAt', { header: t('field.start'), ...kstTime(KST_DATE) }),
    column.accessor('expiredAt', { header: t('field.end'), ...kstTime(KST_DATE) }),
    column.accessor(
      (row) => (row.hasSignUpReward ? `${row.signUpRewardAmount} ${row.signUpRewardCurrency ?? ''}` : '-'),
      { id: 'reward', header: t('field.reward_amount') },
    ),
    column.accessor((row) => (row.hasPaymentShare ? `${row.paymentSharePercentage}%` : '-'), {
      id: 'share',
      header: t('field.share_percentage'),
    }),
  ];
  return (
    <ListTable
      list={affiliates}
      columns={columns}
      caption={t('title')}
      exportName="affiliates"
      getRowId={(row) => row.couponCode}
      onRowClick={(row) => navigate({ to: '/admin/affiliate/$code/show', params: { code: row.couponCode } })}
    />
  );
}
