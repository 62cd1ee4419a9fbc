import { createFileRoute } from '@tanstack/react-router';
import { CouponShow } from '../../../../../features/console-coupons/components/CouponShow.tsx';

export const Route = createFileRoute('/admin/_console/coupon/$code/show')({
  component: CouponShowPage,
});

function CouponShowPage() {
  const { code } = Route.useParams();
  return <CouponShow couponCode={code} />;
}
