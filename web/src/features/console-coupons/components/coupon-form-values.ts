import * as z from 'zod';
import type { AdminCoupon } from '../../../../../shared/api/coupons.ts';
import {
  COUPON_CODE_PATTERN,
  couponEditProblem,
  defaultCouponDates,
  newCouponProblem,
  randomCouponCode,
} from '../../../../../shared/coupons/coupon-rules.ts';
import { formatKst, INVALID_DATE_FORMAT, KST_DATE, parseKstDate } from '../../../../../shared/time/kst.ts';

/**
 * The coupon form. Dates are entered as KST days: a start is the day's 00:00 and an end its
 * 23:59:59.999 (the specification's defaults, tomorrow and a month later, are such days). An edit that
 * leaves a date's day as it was keeps the stored instant, so a coupon made with other times keeps them.
 */
const DAY_MS = 86_400_000;

export interface CouponFormValues {
  couponCode: string;
  name: string;
  totalAmount: number;
  startDate: string;
  endDate: string;
  description: string;
}

/** The specification's messages (shared with the server, in English) as this namespace's keys. */
const PROBLEM_KEYS: Record<string, string> = {
  'Total amount must be greater than 0': 'total_positive',
  'Start date must be in the future': 'start_future',
  'Start date must be before expired date': 'start_before_end',
  'Total amount must be at least 0': 'total_not_negative',
  'Start date must not be after expired date': 'start_not_after_end',
  'The start date cannot be changed after the coupon has started': 'start_locked',
};

function problemMessage(problem: string): { message: string; path: 'totalAmount' | 'startDate' } {
  const path = problem.startsWith('Total') ? 'totalAmount' : 'startDate';
  const key = PROBLEM_KEYS[problem];
  if (key) return { message: `console-coupons:validation.${key}`, path };
  // 'Total amount cannot be less than the {taken} already taken'
  return { message: 'console-coupons:validation.total_below_taken', path };
}

export function newCouponForm(nowMs: number): CouponFormValues {
  const { startedAt, expiredAt } = defaultCouponDates(nowMs);
  return {
    couponCode: randomCouponCode(),
    name: '',
    totalAmount: 100,
    startDate: formatKst(startedAt, KST_DATE),
    endDate: formatKst(expiredAt, KST_DATE),
    description: '',
  };
}

export function couponToForm(coupon: AdminCoupon): CouponFormValues {
  return {
    couponCode: coupon.couponCode,
    name: coupon.name,
    totalAmount: coupon.totalAmount,
    startDate: formatKst(Date.parse(coupon.startedAt), KST_DATE),
    endDate: formatKst(Date.parse(coupon.expiredAt), KST_DATE),
    description: coupon.description,
  };
}

function dayStart(text: string): number | undefined {
  try {
    return parseKstDate(text);
  } catch {
    return undefined;
  }
}

/** The instants a form's days stand for (the stored ones where the day did not change). */
export function couponTimes(form: CouponFormValues, current?: AdminCoupon) {
  const keep = (iso: string | undefined, text: string) =>
    iso !== undefined && formatKst(Date.parse(iso), KST_DATE) === text ? Date.parse(iso) : undefined;
  const start = dayStart(form.startDate);
  const end = dayStart(form.endDate);
  return {
    startedAt: keep(current?.startedAt, form.startDate) ?? start,
    expiredAt: keep(current?.expiredAt, form.endDate) ?? (end === undefined ? undefined : end + DAY_MS - 1),
  };
}

/** The form's rule: create (the three validations of section 5) or edit (total ≥ 0, start ≤ end). */
export function couponFormRule(mode: { current?: AdminCoupon; nowMs: number }) {
  return z
    .object({
      couponCode: z.string().regex(COUPON_CODE_PATTERN, 'console-coupons:validation.code'),
      name: z.string().trim().min(1, 'console-coupons:validation.name').max(128),
      totalAmount: z.number({ message: 'console-coupons:validation.total_number' }).int(),
      startDate: z.string(),
      endDate: z.string(),
      description: z.string().max(1000),
    })
    .superRefine((form, context) => {
      const { startedAt, expiredAt } = couponTimes(form, mode.current);
      if (startedAt === undefined || expiredAt === undefined) {
        const path = startedAt === undefined ? 'startDate' : 'endDate';
        return context.addIssue({ code: 'custom', path: [path], message: INVALID_DATE_FORMAT });
      }
      const times = { totalAmount: form.totalAmount, startedAt, expiredAt };
      const { current } = mode;
      const problem = current
        ? couponEditProblem(times, { ...current, startedAt: Date.parse(current.startedAt) }, mode.nowMs)
        : newCouponProblem(times, mode.nowMs);
      if (problem) {
        const { message, path } = problemMessage(problem);
        context.addIssue({ code: 'custom', path: [path], message });
      }
    });
}

export function toCouponInput(form: CouponFormValues, current?: AdminCoupon) {
  const { startedAt, expiredAt } = couponTimes(form, current);
  return {
    couponCode: form.couponCode,
    name: form.name.trim(),
    totalAmount: form.totalAmount,
    startedAt: new Date(startedAt ?? Number.NaN).toISOString(),
    expiredAt: new Date(expiredAt ?? Number.NaN).toISOString(),
    description: form.description,
  };
}
