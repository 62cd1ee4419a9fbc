import { adminGetCouponUsageInfos } from '../../shared/api/admin-coupons.ts';
import { adminCouponUsages } from '../core/orders/admin-coupons.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(adminGetCouponUsageInfos, (input) =>
  adminCouponUsages(input.couponCode, input),
);
