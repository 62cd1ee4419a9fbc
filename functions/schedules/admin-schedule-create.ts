import { adminScheduleCreate } from '../../shared/api/schedules.ts';
import { operatorOf } from '../core/identity/operator.ts';
import { createSchedule } from '../core/schedules/admin-schedules.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminScheduleCreate, (input, context) =>
  createSchedule(input, operatorOf(context)),
);
