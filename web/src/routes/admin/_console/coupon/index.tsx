import { createFileRoute, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../../components/console/PageTitle.tsx';
import { couponListQuery } from '../../../../features/console-coupons/api/coupons.ts';
import { CouponList } from '../../../../features/console-coupons/components/CouponList.tsx';

export const Route = createFileRoute('/admin/_console/coupon/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(couponListQuery()),
  component: Coupons,
});

function Coupons() {
  const { t } = useTranslation('console-coupons');
  return (
    <>
      <PageTitle title={t('title')}>
        <Link to="/admin/coupon/create" className="console-button">
          {t('create')}
        </Link>
      </PageTitle>
      <CouponList />
    </>
  );
}
