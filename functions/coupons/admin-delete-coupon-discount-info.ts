import { adminDeleteCouponDiscountInfo } from '../../shared/api/coupons.ts';
import { adminDeleteCouponDiscount } from '../core/coupons/admin-coupons.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminDeleteCouponDiscountInfo, async (input) => {
  await adminDeleteCouponDiscount(input);
  return { result: 'success' as const };
});
