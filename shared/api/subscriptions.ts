import * as z from 'zod';
import { defineRoute } from './define-route.ts';

/**
 * The raw admin calls on a subscription (admin-console.md section 7): unsubscribe (the plan runs to its
 * expiry, no renewal) and reschedule (resubscribe: renewals again). The console's user detail buttons
 * call them; the answer is the plan as it now stands.
 */
const StatusRequest = z.object({
  uid: z.string().min(1).max(128),
  requestedBy: z.string().trim().min(1).max(254),
});
const StatusAnswer = z.object({
  result: z.object({ planName: z.string(), planStatus: z.string(), expiredAt: z.number() }),
});

export const unsubscribePayment = defineRoute({
  name: 'unsubscribePayment',
  service: 'payment',
  method: 'POST',
  path: '/unsubscribe-payment',
  caller: 'admin',
  role: 'finance',
  summary: "Unsubscribe the account's plan: it stays until it expires (UNSCHEDULED) and does not renew",
  request: StatusRequest,
  response: StatusAnswer,
  handler: 'subscriptions/unsubscribe-payment',
  grants: ['table:read', 'table:write', 'scheduler'],
});

export const reschedulePayment = defineRoute({
  name: 'reschedulePayment',
  service: 'payment',
  method: 'POST',
  path: '/reschedule-payment',
  caller: 'admin',
  role: 'finance',
  summary: "Resubscribe the account's unsubscribed plan before it expires: it renews again (PAID)",
  request: StatusRequest,
  response: StatusAnswer,
  handler: 'subscriptions/reschedule-payment',
  grants: ['table:read', 'table:write', 'scheduler'],
});

export const subscriptionRoutes = [unsubscribePayment, reschedulePayment] as const;
