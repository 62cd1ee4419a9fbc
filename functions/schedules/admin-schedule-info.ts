import { adminScheduleInfo } from '../../shared/api/schedules.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';
import { scheduleInfo } from '../core/schedules/admin-schedules.ts';

export const handler = defineHandler(adminScheduleInfo, ({ adminScheduleId }) =>
  scheduleInfo(adminScheduleId),
);
