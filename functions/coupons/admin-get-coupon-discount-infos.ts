import { adminGetCouponDiscountInfos } from '../../shared/api/coupons.ts';
import { adminCouponDiscounts } from '../core/coupons/admin-coupons.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminGetCouponDiscountInfos, async (input) => ({
  data: await adminCouponDiscounts(input.couponCode),
}));
