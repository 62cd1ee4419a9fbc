import { adminUpdateCouponDiscountInfo } from '../../shared/api/admin-coupons.ts';
import { adminSaveCouponDiscount } from '../core/orders/admin-coupons.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(adminUpdateCouponDiscountInfo, async (input) => ({
  data: await adminSaveCouponDiscount(input, 'update'),
}));
