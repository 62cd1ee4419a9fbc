import { db } from '../../../functions/core/data/service.ts';
import {
  adminCreateCoupon,
  adminCreateCouponDiscountInfo,
  adminUpsertCouponBonusQuota,
} from '../../../shared/api/coupons.ts';
import { randomCouponCode } from '../../../shared/coupons/coupon-rules.ts';
import { adminToken, call } from '../helpers.ts';

/** A coupon made through the console's calls, then started (its start moved to now in the table). */
export async function startedCoupon(input: {
  totalAmount?: number;
  discounts?: Record<string, number>;
  bonusQuotas?: string[];
}): Promise<string> {
  const token = await adminToken();
  const couponCode = randomCouponCode();
  const created = await call(
    adminCreateCoupon,
    {
      couponCode,
      name: 'Spring welcome',
      totalAmount: input.totalAmount ?? 100,
      startedAt: new Date(Date.now() + 3_600_000).toISOString(),
      expiredAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    },
    { token },
  );
  if (created.status !== 200) throw new Error(`admin-create-coupon: ${JSON.stringify(created.body)}`);
  for (const [planName, rate] of Object.entries(input.discounts ?? {})) {
    await call(adminCreateCouponDiscountInfo, { couponCode, planName, rate }, { token });
  }
  for (const planName of input.bonusQuotas ?? []) {
    await call(adminUpsertCouponBonusQuota, { couponCode, planName }, { token });
  }
  await moveCouponWindow(couponCode, { startedAt: Date.now() - 1000 });
  return couponCode;
}

/** Moves a coupon's window in the table (a start that has come, an expiry that has passed). */
export async function moveCouponWindow(
  couponCode: string,
  window: { startedAt?: number; expiredAt?: number },
) {
  await db().entities.coupon.patch({ couponCode }).set(window).go();
}
