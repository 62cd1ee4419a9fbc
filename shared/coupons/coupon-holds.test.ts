import { describe, expect, it } from 'vitest';
import { vbankDeadline } from '../orders/order-rules.ts';
import { couponHeldUntil, holdLapsed } from './coupon-holds.ts';

const ordered = Date.parse('2026-05-04T01:00:00Z');
const HOUR = 3_600_000;

describe('a coupon held by an order', () => {
  it('is held an hour for a checkout, and until its due date for a virtual account', () => {
    expect(couponHeldUntil(ordered, undefined)).toBe(ordered + HOUR);
    const due = vbankDeadline(ordered).atMs;
    expect(couponHeldUntil(ordered, due)).toBe(due);
  });

  it('is given back only once its time has run out, and a used one never', () => {
    const hold = { status: 'held' as const, heldUntil: ordered + HOUR };
    expect(holdLapsed(hold, ordered + HOUR - 1)).toBe(false);
    expect(holdLapsed(hold, ordered + HOUR)).toBe(false);
    expect(holdLapsed(hold, ordered + HOUR + 1)).toBe(true);
    expect(holdLapsed({ ...hold, status: 'used' }, ordered + 2 * HOUR)).toBe(false);
  });
});
