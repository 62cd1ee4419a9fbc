import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../../components/console/PageTitle.tsx';
import { CouponForm } from '../../../../features/console-coupons/components/CouponForm.tsx';

export const Route = createFileRoute('/admin/_console/coupon/create')({
  component: CouponCreate,
});

function CouponCreate() {
  const { t } = useTranslation('console-coupons');
  return (
    <>
      <PageTitle title={t('create')} />
      <CouponForm />
    </>
  );
}
