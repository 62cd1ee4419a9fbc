import { adminCreateCouponDiscountInfo } from '../../shared/api/coupons.ts';
import { adminSaveCouponDiscount } from '../core/coupons/admin-coupons.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminCreateCouponDiscountInfo, async (input) => ({
  data: await adminSaveCouponDiscount(input, 'create'),
}));
