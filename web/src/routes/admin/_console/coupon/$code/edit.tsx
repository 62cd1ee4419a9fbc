import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ErrorNote } from '../../../../../components/console/ErrorNote.tsx';
import { PageTitle } from '../../../../../components/console/PageTitle.tsx';
import { useCoupon } from '../../../../../features/console-coupons/api/coupons.ts';
import { CouponForm } from '../../../../../features/console-coupons/components/CouponForm.tsx';

export const Route = createFileRoute('/admin/_console/coupon/$code/edit')({
  component: CouponEdit,
});

function CouponEdit() {
  const { t } = useTranslation('console-coupons');
  const { code } = Route.useParams();
  const coupon = useCoupon(code);
  return (
    <>
      <PageTitle title={t('edit', { code })} />
      <ErrorNote error={coupon.error} texts={{ not_found: 'console-coupons:not_found' }} />
      {coupon.data ? <CouponForm key={coupon.data.couponCode} coupon={coupon.data} /> : null}
    </>
  );
}
