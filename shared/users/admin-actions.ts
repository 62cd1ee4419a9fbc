/**
 * The admin actions recorded in a user's activities (admin-console.md section 3, UserActivity). The
 * console names each in the operator's language (`console-users:activity.actions.<name>`); a later
 * admin action adds its name here and a text there in every language (activity-labels.test.ts).
 */
export const ADMIN_ACTIONS = [
  'user.create',
  'account.delete',
  'user.bulk-create',
  'email.send-verification',
  'email.verify',
  'password.reset-link',
  'preregistration.create',
  'preregistration.use',
  'preregistration.reset',
  'project.copy-for-feedback',
  'payment-progress.create',
  'contact-info.update',
  'usage.grant',
  'subscription.unsubscribe',
  'subscription.resubscribe',
  'subscription.cancel-renewal',
  'subscription.resume-renewal',
  'subscription.renewal-consent',
  'subscription.renewal-consent-declined',
  'subscription.plan-change',
  'subscription.plan-change-cancelled',
  'payment.refund',
  'direct-deposit.create',
  'direct-deposit.bulk-create',
  'direct-deposit.schedule-run',
  'schedule.create',
  'schedule.update',
  'attention.refund',
  'attention.retry',
  'attention.redrive',
  'attention.dismiss',
  'attention.transfer-paid',
  'cash-receipt.retry',
  'tax-invoice.issue',
  'tax-invoice.cancel',
  'tax-invoice.retry',
] as const;
export type AdminActionName = (typeof ADMIN_ACTIONS)[number];
