import { checkValidCoupon } from '../../shared/api/orders.ts';
import { nowMs } from '../core/clock.ts';
import { checkCoupon, couponInfoOf, couponRefusalError } from '../core/coupons/coupons.ts';
import { readSession } from '../core/orders/session-store.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(checkValidCoupon, async (input) => {
  const ctx = await readSession(input.guid, 'open');
  const check = await checkCoupon({
    code: input.couponCode,
    uid: ctx.user.uid,
    planName: input.planName,
    offered: ctx.offered,
    nowMs: nowMs(),
  });
  if (!check.ok) throw couponRefusalError(check.refusal);
  return { valid: true as const, couponInfo: couponInfoOf(check.rules, ctx.offered) };
});
