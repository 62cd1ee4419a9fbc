import { adminGetCoupon } from '../../shared/api/admin-coupons.ts';
import { adminCoupon } from '../core/orders/admin-coupons.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(adminGetCoupon, async (input) => ({
  data: await adminCoupon(input.couponCode),
}));
