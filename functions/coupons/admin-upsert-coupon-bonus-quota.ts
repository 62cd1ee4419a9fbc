import { adminUpsertCouponBonusQuota } from '../../shared/api/coupons.ts';
import { adminUpsertCouponBonusQuota as upsertBonusQuota } from '../core/coupons/admin-coupons.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminUpsertCouponBonusQuota, async (input) => ({
  data: await upsertBonusQuota(input),
}));
