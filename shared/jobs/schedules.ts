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
  /** How long a run may take when 30 s is not enough (Lambda's timeout). */
  readonly timeoutSeconds?: number;
}

/** A subscription's renewal on its due date, and its retries (functions/core/subscriptions). */
export const RENEWAL_TARGET = {
  id: 'renew-plan',
  handler: 'renewals/renew-plan',
  description: "Charges a subscription's renewal (billing key or wallet) and schedules what follows",
  grants: ['payment:provider', 'mail:send', 'scheduler'],
} as const satisfies ScheduledTarget;

/**
 * The mail 7 days before a renewal the customer is told of (shared/subscriptions/renewal-reminder.ts),
 * scheduled and deleted with the renewal it announces (functions/core/subscriptions/renewal-schedule.ts).
 */
export const RENEWAL_REMINDER_TARGET = {
  id: 'remind-renewal',
  handler: 'renewals/remind-renewal',
  description: 'Mails the customer 7 days before a renewal: the date, the amount and how to cancel',
  grants: ['mail:send'],
} as const satisfies ScheduledTarget;

/**
 * The consent a renewal that costs more than the last charge asks for, 30 days before it (shared/
 * subscriptions/renewal-consent.ts): the renewal's amount read again from the price table, and the
 * customer asked by mail with a signed link to answer. Scheduled and deleted with the renewal.
 */
export const RENEWAL_CONSENT_TARGET = {
  id: 'ask-renewal-consent',
  handler: 'renewals/ask-renewal-consent',
  description: 'Asks for consent 30 days before a renewal that costs more than the last charge',
  grants: ['mail:send', 'token:sign'],
} as const satisfies ScheduledTarget;

/**
 * An order asked about at the provider again (functions/core/orders/order-recheck.ts): a checkout whose
 * browser never came back, a virtual account whose deposit notification was lost. Each run schedules
 * the next while the order can still change.
 */
export const ORDER_RECHECK_TARGET = {
  id: 'recheck-order',
  handler: 'orders/recheck-order',
  description: 'Asks the provider about an order again and settles it; schedules the next look',
  grants: ['payment:provider', 'scheduler', 'mail:send'],
} as const satisfies ScheduledTarget;

/**
 * A wallet refund Naver Pay completes later (functions/core/refunds/wallet-refunds.ts): the payment's
 * history asked again until the refund shows, each run scheduling the next.
 */
export const WALLET_REFUND_RECHECK_TARGET = {
  id: 'recheck-wallet-refund',
  handler: 'refunds/recheck-wallet-refund',
  description: 'Asks Naver Pay whether a pending refund completed; asks again later until it has',
  grants: ['payment:provider', 'scheduler'],
} as const satisfies ScheduledTarget;

/**
 * A refund finished from wherever its function stopped (functions/core/refunds/refund-recheck.ts): the
 * money asked back unless the provider shows it back, the records written once, the mail sent; each run
 * that finds it unfinished schedules the next.
 */
export const REFUND_RECHECK_TARGET = {
  id: 'recheck-refund',
  handler: 'refunds/recheck-refund',
  description: 'Finishes a refund whose function stopped half-way; asks again later until it is done',
  grants: ['payment:provider', 'scheduler', 'mail:send'],
} as const satisfies ScheduledTarget;

/**
 * The daily reconciliation (functions/core/finance/reconciliation.ts): the provider's payments of a KST
 * day compared with our orders and refunds, once per day; each run schedules the next.
 */
export const RECONCILIATION_TARGET = {
  id: 'reconcile-payments',
  handler: 'finance/reconcile-payments',
  description:
    "Compares the provider's payments of a KST day with our orders and refunds; schedules the next",
  grants: ['payment:provider', 'scheduler'],
  // A day of thousands of payments: the provider's list pages and a lookup per payment not listed.
  timeoutSeconds: 300,
} as const satisfies ScheduledTarget;

/**
 * The finance keys of items written before they existed, given at deployment (the jobs stack's trigger
 * runs it, and it schedules itself once more an hour later for what the previous code wrote meanwhile),
 * and the daily reconciliation's next run made sure of (functions/core/finance/prepare-finance.ts).
 */
export const FINANCE_PREPARATION_TARGET = {
  id: 'prepare-finance',
  handler: 'finance/prepare-finance',
  description: 'Gives older payments and plans their finance keys; schedules the daily reconciliation',
  grants: ['scheduler'],
  // One pass reads the whole table (deployment only, never a request path).
  timeoutSeconds: 900,
} as const satisfies ScheduledTarget;

/**
 * A deleted account's erasure (functions/core/account-deletion/erasure.ts): the usage log deleted and the
 * records the law keeps given their expiry, a bounded share per run, each run handing over to the next.
 */
export const ACCOUNT_ERASURE_TARGET = {
  id: 'erase-account',
  handler: 'account-deletion/erase-account',
  description: "Erases a deleted account's usage log and sets the expiry of the records the law keeps",
  grants: ['scheduler'],
} as const satisfies ScheduledTarget;

/**
 * The tax documents' run (functions/core/tax-invoices/tax-documents-run.ts): every hour, the tax invoices
 * due (a payment's at once, a month's from the next month on) issued through Popbill, refunds' amended
 * invoices, direct deposits' cash receipts and invoice requests, Popbill's states followed, and the
 * invoices open near their deadline counted (the alarm); each run schedules the next. Scheduled once more
 * a minute after a payment that asks an invoice at once, for that payment alone.
 */
export const TAX_DOCUMENTS_TARGET = {
  id: 'issue-tax-documents',
  handler: 'tax-invoices/issue-tax-documents',
  description: "Issues the tax invoices due, refunds' amendments and deposits' documents; follows them",
  grants: ['tax-invoice:issue', 'payment:provider', 'holidays:read', 'scheduler'],
  // A month's invoices of every monthly buyer on the 1st, one Popbill call each.
  timeoutSeconds: 300,
} as const satisfies ScheduledTarget;

/**
 * The audit trail's chain check (functions/core/audit/chain-check.ts): every hour the current and the
 * previous KST month, every month at 04:00 KST; each run schedules the next. A break is listed on the
 * attention page and counted (an alarm).
 */
export const AUDIT_CHAIN_CHECK_TARGET = {
  id: 'check-audit-chain',
  handler: 'audit/check-audit-chain',
  description: "Checks the audit trail's hash chain; lists a replaced or deleted entry; schedules the next",
  grants: ['scheduler'],
  // The daily run reads every month's entries (a few thousand a month).
  timeoutSeconds: 900,
} as const satisfies ScheduledTarget;

/** The target of admin schedules' runs (each run schedules the schedule's next one). */
export const ADMIN_SCHEDULE_TARGET = 'admin-schedule';

export const SCHEDULED_TARGETS: readonly ScheduledTarget[] = [
  RENEWAL_TARGET,
  RENEWAL_REMINDER_TARGET,
  RENEWAL_CONSENT_TARGET,
  ORDER_RECHECK_TARGET,
  WALLET_REFUND_RECHECK_TARGET,
  REFUND_RECHECK_TARGET,
  RECONCILIATION_TARGET,
  FINANCE_PREPARATION_TARGET,
  ACCOUNT_ERASURE_TARGET,
  TAX_DOCUMENTS_TARGET,
  AUDIT_CHAIN_CHECK_TARGET,
  {
    id: ADMIN_SCHEDULE_TARGET,
    handler: 'schedules/run',
    description: "Runs an admin schedule's direct deposit and schedules its next run",
    grants: ['scheduler'],
  },
];

/**
 * EventBridge Scheduler's rule for a schedule's name and its group's: 1 to 64 of letters, digits, `-`,
 * `_` and `.`; anything else is refused with a ValidationException (API reference, CreateSchedule:
 * Name and GroupName, https://docs.aws.amazon.com/scheduler/latest/APIReference/API_CreateSchedule.html).
 */
export const SCHEDULER_NAME_PATTERN = /^[0-9A-Za-z_.-]{1,64}$/;

/**
 * The scheduler's own retries (the schedule's RetryPolicy): they cover only a failure to hand the event
 * to Lambda (throttling, a missing function), after which the event goes to the schedule's dead-letter
 * queue (at most 185 retries within a day, with exponential back-off): the service's defaults.
 * https://docs.aws.amazon.com/scheduler/latest/APIReference/API_RetryPolicy.html
 */
export const SCHEDULE_DELIVERY_RETRIES = {
  maximumRetryAttempts: 185,
  maximumEventAgeSeconds: 86_400,
} as const;

/**
 * What happens when a target itself fails. The scheduler invokes Lambda asynchronously, so a function
 * error is retried by Lambda, not by the scheduler: twice, one minute and then two minutes later
 * (`retryDelaysSeconds` is Lambda's fixed behaviour, not a setting), within six hours of the event; what
 * still fails goes to the targets' failure queue (the functions' on-failure destination). A target can
 * also run twice for one event, so each must be idempotent.
 * https://docs.aws.amazon.com/lambda/latest/dg/invocation-async-error-handling.html
 */
export const TARGET_ASYNC_RETRIES = {
  retryAttempts: 2,
  retryDelaysSeconds: [60, 120],
  maxEventAgeSeconds: 21_600,
} as const;

/** Environment variable that carries the ARN of the schedules' dead-letter queue to the functions that schedule. */
export const SCHEDULE_DEAD_LETTER_ARN_VARIABLE = 'SCHEDULE_DEAD_LETTER_ARN';

/** Environment variable that carries a target's Lambda ARN to the functions that create schedules. */
export function scheduledTargetArnVariable(id: string): `SCHEDULE_TARGET_ARN_${string}` {
  return `SCHEDULE_TARGET_ARN_${id.toUpperCase().replace(/-/g, '_')}`;
}
