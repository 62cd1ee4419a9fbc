import { adminScheduleList } from '../../shared/api/schedules.ts';
import { scheduleList } from '../core/schedules/admin-schedules.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminScheduleList, (page) => scheduleList(page));
