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

/** The target of admin schedules' runs (each run schedules the schedule's next one). */
export const ADMIN_SCHEDULE_TARGET = 'admin-schedule';

export const SCHEDULED_TARGETS: readonly ScheduledTarget[] = [
  {
    id: ADMIN_SCHEDULE_TARGET,
    handler: 'admin-schedules/run',
    description: "Runs an admin schedule's direct deposit and schedules its next run",
  },
];

/** Environment variable that carries a target's Lambda ARN to the functions that create schedules. */
export function scheduledTargetArnVariable(id: string): string {
  return `SCHEDULE_TARGET_ARN_${id.toUpperCase().replace(/-/g, '_')}`;
}
