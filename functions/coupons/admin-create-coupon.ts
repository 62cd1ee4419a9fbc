import { adminCreateCoupon } from '../../shared/api/coupons.ts';
import { adminCreateCoupon as createCoupon } from '../core/coupons/admin-coupons.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminCreateCoupon, async (input, { caller }) => ({
  data: await createCoupon(input, caller.kind === 'admin' ? caller.claims.uid : ''),
}));
