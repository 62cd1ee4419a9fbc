import type { PlanPeriod } from '../plans/plan-types.ts';

/**
 * Which renewals the customer is told about beforehand (issue 17, after the reminders of Stripe's
 * customer mails and the laws on automatic renewal): an annual renewal, and any renewal whose price
 * differs from what the plan was last charged (a first period bought with a coupon), and any renewal into
 * another plan the customer chose (shared/subscriptions/plan-change.ts). The reminder goes out 7 days
 * before the renewal; a renewal closer than that when it is scheduled gets none.
 */
export const RENEWAL_REMINDER_DAYS = 7;
const DAY_MS = 86_400_000;

export interface RenewingPlan {
  period: PlanPeriod;
  /** What the plan was last charged. */
  price: number;
  /** What its renewal charges, when it differs from the price paid. */
  scheduledPrice?: number | undefined;
  /** The change of plan scheduled for the renewal, and what the renewal then charges. */
  planChange?: { amount: number } | undefined;
}

export function remindsBeforeRenewal(plan: RenewingPlan): boolean {
  return (
    plan.period === 'ANNUAL' ||
    plan.planChange !== undefined ||
    (plan.scheduledPrice !== undefined && plan.scheduledPrice !== plan.price)
  );
}

/** When the reminder of a renewal due at `renewsAt` goes out. */
export function reminderAt(renewsAt: number): number {
  return renewsAt - RENEWAL_REMINDER_DAYS * DAY_MS;
}

/** What the renewal will charge: the scheduled change's price, else the plan's own renewal price. */
export function renewalPrice(plan: RenewingPlan): number {
  return plan.planChange?.amount ?? plan.scheduledPrice ?? plan.price;
}
