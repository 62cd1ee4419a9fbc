import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { pagedListOptions } from '../../../../components/console/list/paged-list.ts';
import { PageTitle } from '../../../../components/console/PageTitle.tsx';
import { couponList } from '../../../../features/console-coupons/api/coupons.ts';
import { CouponList } from '../../../../features/console-coupons/components/CouponList.tsx';
import { searchParams, searchText } from '../../../../lib/search-params.ts';

/** The search lives in the address, so it can be reloaded, shared and returned to. */
const couponSearch = searchParams({ search: searchText(128) });

export const Route = createFileRoute('/admin/_console/coupon/')({
  validateSearch: couponSearch,
  loaderDeps: ({ search }) => ({ search: search.search?.trim() ?? '' }),
  loader: ({ context, deps }) =>
    context.queryClient.ensureInfiniteQueryData(pagedListOptions(couponList(deps.search))),
  component: Coupons,
});

function Coupons() {
  const { t } = useTranslation('console-coupons');
  const filter = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return (
    <>
      <PageTitle title={t('title')}>
        <Link to="/admin/coupon/create" className="console-button">
          {t('create')}
        </Link>
      </PageTitle>
      <CouponList filter={filter} onFilter={(search) => navigate({ search, replace: true })} />
    </>
  );
}
