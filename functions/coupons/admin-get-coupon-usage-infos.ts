import { adminGetCouponUsageInfos } from '../../shared/api/coupons.ts';
import { adminCouponUsages } from '../core/coupons/admin-coupons.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminGetCouponUsageInfos, (input) =>
  adminCouponUsages(input.couponCode, input),
);
