import { adminDeleteCouponBonusQuota } from '../../shared/api/coupons.ts';
import { adminDeleteCouponBonusQuota as deleteBonusQuota } from '../core/coupons/admin-coupons.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminDeleteCouponBonusQuota, async (input) => {
  await deleteBonusQuota(input);
  return { result: 'success' as const };
});
