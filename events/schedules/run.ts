import { logger } from '../../functions/core/logger.ts';
import { observedJob } from '../../functions/core/observability.ts';
import {
  type RunResult,
  runAdminSchedule,
  ScheduleRunEventSchema,
} from '../../functions/core/schedules/admin-schedules.ts';

/**
 * The scheduled target of admin schedules (shared/jobs/schedules.ts): EventBridge Scheduler invokes it
 * with the run an entry was made for. A malformed event is logged and dropped (retrying cannot fix
 * it); any other failure throws, so the scheduler retries under the entry's retry policy.
 */
export const handler = observedJob(
  'admin-schedule-run',
  async (event: unknown): Promise<RunResult | 'malformed'> => {
    const run = ScheduleRunEventSchema.safeParse(event);
    if (!run.success) {
      logger.error('Malformed schedule run', { event });
      return 'malformed';
    }
    return runAdminSchedule(run.data);
  },
);
