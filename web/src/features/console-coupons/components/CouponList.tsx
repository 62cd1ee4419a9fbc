import { useNavigate } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { AdminCoupon } from '../../../../../shared/api/coupons.ts';
import { FilterField } from '../../../components/console/list/FilterField.tsx';
import { ListTable } from '../../../components/console/list/ListTable.tsx';
import { kstTime } from '../../../components/console/list/list-columns.tsx';
import { useListFilters } from '../../../components/console/list/list-filters.ts';
import { useCouponList } from '../api/coupons.ts';

const column = createColumnHelper<AdminCoupon>();

/** The coupon list's filter as the address keeps it. */
export type CouponFilter = { search?: string };

/**
 * The coupon list (PromoCode), newest first, a page at a time; a search by code (its start) or name
 * (any part) applies as it is typed and lives in the address; a row opens the coupon; the list exports
 * to CSV.
 */
export function CouponList({
  filter,
  onFilter,
}: {
  filter: CouponFilter;
  onFilter: (filter: CouponFilter) => void;
}) {
  const { t } = useTranslation('console-coupons');
  const navigate = useNavigate();
  const filters = useListFilters(filter, onFilter);
  const coupons = useCouponList(filter.search?.trim() ?? '');
  const columns = [
    column.accessor('couponCode', { header: t('field.code') }),
    column.accessor('name', { header: t('field.name') }),
    column.accessor('totalAmount', { header: t('field.total') }),
    column.accessor('remainAmount', { header: t('field.remain') }),
    column.accessor('startedAt', { header: t('field.start'), ...kstTime() }),
    column.accessor('expiredAt', { header: t('field.end'), ...kstTime() }),
    column.accessor('description', { header: t('field.description') }),
    column.accessor('created', { header: t('field.created'), ...kstTime() }),
  ];
  return (
    <>
      <div className="console-card console-filters">
        <FilterField filters={filters} name="search" label={t('search')} />
      </div>
      <ListTable
        list={coupons}
        columns={columns}
        caption={t('title')}
        exportName="coupons"
        getRowId={(coupon) => coupon.couponCode}
        onRowClick={(coupon) =>
          navigate({ to: '/admin/coupon/$code/show', params: { code: coupon.couponCode } })
        }
      />
    </>
  );
}
