import { adminDeleteCouponDiscountInfo } from '../../shared/api/admin-coupons.ts';
import { adminDeleteCouponDiscount } from '../core/orders/admin-coupons.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(adminDeleteCouponDiscountInfo, async (input) => {
  await adminDeleteCouponDiscount(input);
  return { result: 'success' as const };
});
