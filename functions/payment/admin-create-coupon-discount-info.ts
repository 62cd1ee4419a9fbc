import { adminCreateCouponDiscountInfo } from '../../shared/api/admin-coupons.ts';
import { adminSaveCouponDiscount } from '../core/orders/admin-coupons.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(adminCreateCouponDiscountInfo, async (input) => ({
  data: await adminSaveCouponDiscount(input, 'create'),
}));
