import { useNavigate } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { AdminCoupon } from '../../../../../shared/api/admin-coupons.ts';
import { DataTable } from '../../../components/console/DataTable.tsx';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { KstTime } from '../../../components/console/KstTime.tsx';
import { useCouponList } from '../api/coupons.ts';

const column = createColumnHelper<AdminCoupon>();

/** The coupon list (PromoCode), newest first; a row opens the coupon. */
export function CouponList() {
  const { t } = useTranslation('console-coupons');
  const navigate = useNavigate();
  const coupons = useCouponList();
  const time = (iso: string) => <KstTime ms={Date.parse(iso)} />;
  const columns = [
    column.accessor('couponCode', { header: () => t('field.code') }),
    column.accessor('name', { header: () => t('field.name') }),
    column.accessor('totalAmount', { header: () => t('field.total') }),
    column.accessor('remainAmount', { header: () => t('field.remain') }),
    column.accessor('startedAt', { header: () => t('field.start'), cell: (info) => time(info.getValue()) }),
    column.accessor('expiredAt', { header: () => t('field.end'), cell: (info) => time(info.getValue()) }),
    column.accessor('description', { header: () => t('field.description') }),
    column.accessor('created', { header: () => t('field.created'), cell: (info) => time(info.getValue()) }),
  ];
  return (
    <>
      <ErrorNote error={coupons.error} />
      <DataTable
        data={coupons.data ?? []}
        columns={columns}
        getRowId={(coupon) => coupon.couponCode}
        caption={t('title')}
        onRowClick={(coupon) =>
          navigate({ to: '/admin/coupon/$code/show', params: { code: coupon.couponCode } })
        }
      />
    </>
  );
}
