import { adminScheduleInfo } from '../../shared/api/schedules.ts';
import { scheduleInfo } from '../core/schedules/admin-schedules.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminScheduleInfo, ({ adminScheduleId }) =>
  scheduleInfo(adminScheduleId),
);
