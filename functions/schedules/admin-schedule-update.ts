import { adminScheduleUpdate } from '../../shared/api/schedules.ts';
import { operatorOf } from '../core/identity/operator.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';
import { updateSchedule } from '../core/schedules/admin-schedules.ts';

export const handler = defineHandler(adminScheduleUpdate, (input, context) =>
  updateSchedule(input, operatorOf(context)),
);
