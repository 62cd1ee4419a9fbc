import { adminGetCoupon } from '../../shared/api/coupons.ts';
import { adminCoupon } from '../core/coupons/admin-coupons.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminGetCoupon, async (input) => ({
  data: await adminCoupon(input.couponCode),
}));
