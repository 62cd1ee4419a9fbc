import { adminUpdateCoupon } from '../../shared/api/coupons.ts';
import { adminUpdateCoupon as updateCoupon } from '../core/coupons/admin-coupons.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminUpdateCoupon, async (input) => ({
  data: await updateCoupon(input),
}));
