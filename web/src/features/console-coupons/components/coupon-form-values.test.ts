import { describe, expect, it } from 'vitest';
import { couponFormRule, couponTimes, newCouponForm, toCouponInput } from './coupon-form-values.ts';

const now = Date.parse('2026-11-23T05:00:00Z'); // 14:00 in Seoul
const coupon = {
  couponCode: 'ABCDEFGHIJ',
  name: 'Spring',
  totalAmount: 10,
  remainAmount: 7,
  startedAt: '2026-11-20T03:30:00.000Z',
  expiredAt: '2026-12-31T14:59:59.999Z',
  description: '',
  created: '2026-11-01T00:00:00.000Z',
};

describe('the coupon form', () => {
  it('opens with a random code, tomorrow 00:00 and a month later 23:59:59.999 (KST)', () => {
    const form = newCouponForm(now);
    expect(form.couponCode).toMatch(/^[A-Z0-9]{10}$/);
    expect(form).toMatchObject({ startDate: '2026-11-24', endDate: '2026-12-24' });
    expect(toCouponInput(form)).toMatchObject({
      startedAt: '2026-11-23T15:00:00.000Z',
      expiredAt: '2026-12-24T14:59:59.999Z',
    });
  });

  it('keeps a stored instant whose day was not changed, and takes a changed day whole', () => {
    expect(
      couponTimes({ ...newCouponForm(now), startDate: '2026-11-20', endDate: '2027-01-05' }, coupon),
    ).toEqual({
      startedAt: Date.parse(coupon.startedAt),
      expiredAt: Date.parse('2027-01-05T14:59:59.999Z'),
    });
  });

  it('checks the create and edit rules with their messages', () => {
    const create = couponFormRule({ nowMs: now });
    const named = { ...newCouponForm(now), name: 'Winter' };
    const issues = (result: ReturnType<typeof create.safeParse>) =>
      result.success ? [] : result.error.issues.map((issue) => issue.message);
    expect(issues(create.safeParse({ ...named, totalAmount: 0 }))).toEqual([
      'console-coupons:validation.total_positive',
    ]);
    expect(issues(create.safeParse({ ...named, startDate: '2026-11-23' }))).toEqual([
      'console-coupons:validation.start_future',
    ]);
    const edit = couponFormRule({ current: coupon, nowMs: now });
    const form = { ...named, couponCode: coupon.couponCode, startDate: '2026-11-20' };
    expect(issues(edit.safeParse({ ...form, totalAmount: 2 }))).toEqual([
      'console-coupons:validation.total_below_taken',
    ]);
    expect(issues(edit.safeParse({ ...form, startDate: '2026-11-21' }))).toEqual([
      'console-coupons:validation.start_locked',
    ]);
    expect(issues(edit.safeParse({ ...form, totalAmount: 3 }))).toEqual([]);
  });
});
