import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
} from '@aws-sdk/client-scheduler';
import {
  SCHEDULE_DEAD_LETTER_ARN_VARIABLE,
  SCHEDULE_DELIVERY_RETRIES,
  scheduledTargetArnVariable,
} from '../../../shared/jobs/schedules.ts';
import { traced } from '../observability.ts';
import { requiredEnvironment, settings } from '../settings.ts';

let client: SchedulerClient | undefined;

/** EventBridge Scheduler, or on one machine the stand-in that speaks its protocol (the SDK's AWS_ENDPOINT_URL_SCHEDULER). */
function scheduler(): SchedulerClient {
  client ??= traced(
    new SchedulerClient({
      region: settings.region,
    }),
  );
  return client;
}

/** The scheduler's `at()` expression, in UTC to the second. */
export function atExpression(when: Date): string {
  return `at(${when.toISOString().slice(0, 19)})`;
}

/**
 * Schedules one invocation of a declared target (shared/jobs/schedules.ts) with `payload` as its
 * event. While it is pending, scheduling the same name again changes nothing and answers 'exists', so a
 * retried caller never schedules twice; once it ran, the schedule deletes itself, so the target must
 * itself be idempotent (as every retried step of the product is): Lambda retries a failing target and
 * may run it twice for one event (shared/jobs/schedules.ts TARGET_ASYNC_RETRIES). An event the scheduler
 * cannot hand to the target goes to the schedules' dead-letter queue.
 */
export async function scheduleOnce(input: {
  name: string;
  at: Date;
  targetId: string;
  payload: unknown;
}): Promise<'created' | 'exists'> {
  try {
    await scheduler().send(
      new CreateScheduleCommand({
        Name: input.name,
        GroupName: requiredEnvironment('SCHEDULE_GROUP_NAME'),
        ScheduleExpression: atExpression(input.at),
        ScheduleExpressionTimezone: 'UTC',
        FlexibleTimeWindow: { Mode: 'OFF' },
        ActionAfterCompletion: 'DELETE',
        Target: {
          Arn: requiredEnvironment(scheduledTargetArnVariable(input.targetId)),
          RoleArn: requiredEnvironment('SCHEDULER_ROLE_ARN'),
          Input: JSON.stringify(input.payload),
          RetryPolicy: {
            MaximumRetryAttempts: SCHEDULE_DELIVERY_RETRIES.maximumRetryAttempts,
            MaximumEventAgeInSeconds: SCHEDULE_DELIVERY_RETRIES.maximumEventAgeSeconds,
          },
          DeadLetterConfig: { Arn: requiredEnvironment(SCHEDULE_DEAD_LETTER_ARN_VARIABLE) },
        },
      }),
    );
    return 'created';
  } catch (error) {
    if (error instanceof ConflictException) return 'exists';
    throw error;
  }
}

/** Cancels a schedule; one that already ran or never existed is fine. */
export async function cancelSchedule(name: string): Promise<void> {
  try {
    await scheduler().send(
      new DeleteScheduleCommand({ Name: name, GroupName: requiredEnvironment('SCHEDULE_GROUP_NAME') }),
    );
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
}
