/**
 * Targets that EventBridge Scheduler may invoke, declared once: the jobs stack creates a Lambda for
 * each and lets the scheduler role invoke it; the local scheduler stand-in invokes the same module.
 * Admin direct-deposit schedules (issue 8) and renewal retries (issue 6) add their targets here.
 */
export interface ScheduledTarget {
  readonly id: string;
  /** Handler module below `events/`, without extension. */
  readonly handler: string;
  readonly description: string;
}

export const SCHEDULED_TARGETS: readonly ScheduledTarget[] = [];

/** Environment variable that carries a target's Lambda ARN to the functions that create schedules. */
export function scheduledTargetArnVariable(id: string): string {
  return `SCHEDULE_TARGET_ARN_${id.toUpperCase().replace(/-/g, '_')}`;
}
