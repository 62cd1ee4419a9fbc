import { adminUpdateCoupon } from '../../shared/api/admin-coupons.ts';
import { adminUpdateCoupon as updateCoupon } from '../core/orders/admin-coupons.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(adminUpdateCoupon, async (input) => ({
  data: await updateCoupon(input),
}));
