import { adminGetCouponBonusQuotas } from '../../shared/api/admin-coupons.ts';
import { adminCouponBonusQuotas } from '../core/orders/admin-coupons.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(adminGetCouponBonusQuotas, async (input) => ({
  data: await adminCouponBonusQuotas(input.couponCode),
}));
