import type { RouteGrant } from '../api/define-route.ts';

/**
 * Targets that EventBridge Scheduler may invoke, declared once: the jobs stack creates a Lambda for
 * each, with the grants it declares, and lets the scheduler role invoke it; the local scheduler
 * stand-in invokes the same module. Admin direct-deposit schedules (issue 8) add their targets here.
 */
export interface ScheduledTarget {
  readonly id: string;
  /** Handler module below `events/`, without extension. */
  readonly handler: string;
  readonly description: string;
  /** What the target touches beyond the table (which every target may write). */
  readonly grants?: readonly RouteGrant[];
}

/** A subscription's renewal on its due date, and its retries (functions/core/subscriptions). */
export const RENEWAL_TARGET = {
  id: 'renew-plan',
  handler: 'renewals/renew-plan',
  description: "Charges a subscription's renewal (billing key or wallet) and schedules what follows",
  grants: ['payment:provider', 'mail:send', 'scheduler'],
} as const satisfies ScheduledTarget;

/**
 * An order asked about at the provider again (functions/core/orders/order-recheck.ts): a checkout whose
 * browser never came back, a virtual account whose deposit notification was lost. Each run schedules
 * the next while the order can still change.
 */
export const ORDER_RECHECK_TARGET = {
  id: 'recheck-order',
  handler: 'payments/recheck-order',
  description: 'Asks the provider about an order again and settles it; schedules the next look',
  grants: ['payment:provider', 'scheduler'],
} as const satisfies ScheduledTarget;

/** The target of admin schedules' runs (each run schedules the schedule's next one). */
export const ADMIN_SCHEDULE_TARGET = 'admin-schedule';

export const SCHEDULED_TARGETS: readonly ScheduledTarget[] = [
  RENEWAL_TARGET,
  ORDER_RECHECK_TARGET,
  {
    id: ADMIN_SCHEDULE_TARGET,
    handler: 'admin-schedules/run',
    description: "Runs an admin schedule's direct deposit and schedules its next run",
    grants: ['scheduler'],
  },
];

/** Environment variable that carries a target's Lambda ARN to the functions that create schedules. */
export function scheduledTargetArnVariable(id: string): string {
  return `SCHEDULE_TARGET_ARN_${id.toUpperCase().replace(/-/g, '_')}`;
}
