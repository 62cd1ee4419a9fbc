import { adminDeleteCouponBonusQuota } from '../../shared/api/admin-coupons.ts';
import { adminDeleteCouponBonusQuota as deleteBonusQuota } from '../core/orders/admin-coupons.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(adminDeleteCouponBonusQuota, async (input) => {
  await deleteBonusQuota(input);
  return { result: 'success' as const };
});
