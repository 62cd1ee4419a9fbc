import { adminUpsertCouponBonusQuota } from '../../shared/api/admin-coupons.ts';
import { adminUpsertCouponBonusQuota as upsertBonusQuota } from '../core/orders/admin-coupons.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(adminUpsertCouponBonusQuota, async (input) => ({
  data: await upsertBonusQuota(input),
}));
