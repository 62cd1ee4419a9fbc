import * as z from 'zod';
import { CURRENCIES } from '../currency.ts';
import { DIRECT_DEPOSIT_PAYMENT_TYPES } from '../direct-deposits/direct-deposit.ts';
import {
  ADMIN_ACTION_TARGETS,
  adminScheduleCreateRule,
  adminScheduleUpdateRule,
  SCHEDULE_REPEATS,
} from '../schedules/admin-schedule.ts';
import { defineRoute } from './define-route.ts';
import { ListPageAnswerShape, ListPageRequestShape } from './list-page.ts';

/**
 * The console's schedules (admin-console.md sections 2, 3 and 7). Each call answers `result`, or
 * `errorCode` and `errorMsg` when the schedule entry could not be made in the scheduler (the console
 * shows 'Could not create schedule entry: {errorMsg}'); invalid input is refused like every admin call.
 */
export const SCHEDULE_ENTRY_FAILED = 'schedule_entry_failed';

export const AdminScheduleRunSchema = z.object({
  scheduledAt: z.number(),
  created: z.number(),
  merchantUid: z.string().optional(),
  error: z.string().optional(),
});

export const AdminScheduleSchema = z.object({
  id: z.string(),
  creatorEmail: z.string(),
  targetEmail: z.string(),
  startAt: z.number(),
  created: z.number(),
  adminActionTarget: z.enum(ADMIN_ACTION_TARGETS),
  description: z.string(),
  isRepeat: z.boolean(),
  repeatEvery: z.enum(SCHEDULE_REPEATS).optional(),
  enable: z.boolean(),
  nextScheduleAt: z.number().optional(),
  lastSuccessAt: z.number().optional(),
  lastErrorAt: z.number().optional(),
  params: z.object({
    uid: z.string(),
    planName: z.string(),
    currency: z.enum(CURRENCIES),
    price: z.number(),
    userName: z.string(),
    userEmail: z.string(),
    userPhone: z.string(),
    paymentType: z.enum(DIRECT_DEPOSIT_PAYMENT_TYPES),
  }),
});
export type AdminScheduleView = z.infer<typeof AdminScheduleSchema>;

/** The calls' answer: the result, or the scheduler's refusal. */
const answer = <Result extends z.ZodType>(result: Result) =>
  z.object({ result: result.optional(), errorCode: z.string().optional(), errorMsg: z.string().optional() });

const ScheduleId = z.object({ adminScheduleId: z.string().trim().min(1).max(64) });

export const adminScheduleCreate = defineRoute({
  name: 'adminScheduleCreate',
  service: 'auth',
  method: 'POST',
  path: '/admin-schedule-create',
  caller: 'admin',
  role: 'admin',
  summary:
    'Schedule a direct deposit for an account, once or every month or year, from a start rounded to the ' +
    'minute (not before the current minute)',
  request: adminScheduleCreateRule,
  response: answer(AdminScheduleSchema),
  handler: 'schedules/admin-schedule-create',
  grants: ['table:read', 'table:write', 'scheduler'],
});

export const adminScheduleUpdate = defineRoute({
  name: 'adminScheduleUpdate',
  service: 'auth',
  method: 'POST',
  path: '/admin-schedule-update',
  caller: 'admin',
  role: 'admin',
  summary:
    'Enable or disable a schedule, or edit it (start, repeat, description, and the deposit’s phone, plan, ' +
    'price, currency and payment type); a new timing reschedules its next run',
  request: adminScheduleUpdateRule,
  response: answer(AdminScheduleSchema),
  handler: 'schedules/admin-schedule-update',
  grants: ['table:read', 'table:write', 'scheduler'],
});

export const adminScheduleList = defineRoute({
  name: 'adminScheduleList',
  service: 'auth',
  method: 'POST',
  path: '/admin-schedule-list',
  caller: 'admin',
  role: 'viewer',
  summary: 'The schedules, newest first, a page at a time (`cursor`)',
  request: z.object(ListPageRequestShape),
  response: answer(z.array(AdminScheduleSchema)).extend(ListPageAnswerShape),
  handler: 'schedules/admin-schedule-list',
  grants: ['table:read'],
});

export const adminScheduleInfo = defineRoute({
  name: 'adminScheduleInfo',
  service: 'auth',
  method: 'POST',
  path: '/admin-schedule-info',
  caller: 'admin',
  role: 'viewer',
  summary: 'One schedule with its runs (logs), newest first',
  request: ScheduleId,
  response: answer(AdminScheduleSchema.extend({ logs: z.array(AdminScheduleRunSchema) })),
  handler: 'schedules/admin-schedule-info',
  grants: ['table:read'],
});

export const scheduleRoutes = [
  adminScheduleCreate,
  adminScheduleUpdate,
  adminScheduleList,
  adminScheduleInfo,
] as const;
