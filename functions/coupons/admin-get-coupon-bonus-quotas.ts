import { adminGetCouponBonusQuotas } from '../../shared/api/coupons.ts';
import { adminCouponBonusQuotas } from '../core/coupons/admin-coupons.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminGetCouponBonusQuotas, async (input) => ({
  data: await adminCouponBonusQuotas(input.couponCode),
}));
