import { adminScheduleUpdate } from '../../shared/api/schedules.ts';
import { operatorOf } from '../core/identity/operator.ts';
import { updateSchedule } from '../core/schedules/admin-schedules.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminScheduleUpdate, (input, context) =>
  updateSchedule(input, operatorOf(context)),
);
