import { DateTime } from 'luxon';
import * as z from 'zod';
import { checkDepositPrice, DEPOSIT_FIELDS, PAYER_FIELDS } from '../direct-deposits/direct-deposit.ts';
import { KST_ZONE } from '../time/kst.ts';

/**
 * Admin schedules (admin-console.md sections 2, 3, 5 and 7): an admin action run later by EventBridge
 * Scheduler, once or repeating. The only action is a direct deposit (adminActionTarget directDeposit),
 * whose params are the deposit's fields. Rule messages are i18n keys of the `console-schedules`
 * namespace.
 *
 * Repeats (the specification does not say which): every month on the start's day of the month, or
 * every year on the start's date, at the start's time in Seoul. Each run's time is computed from the
 * start (start + n months), never from the previous run, so a late run does not shift the next ones,
 * and a day the month lacks falls on its last day (31 January, 28 February, 31 March).
 */
export const ADMIN_ACTION_TARGETS = ['directDeposit'] as const;
export type AdminActionTarget = (typeof ADMIN_ACTION_TARGETS)[number];
export const SCHEDULE_REPEATS = ['month', 'year'] as const;
export type ScheduleRepeat = (typeof SCHEDULE_REPEATS)[number];

const messages = {
  startAt: 'console-schedules:validation.start_at',
  startPast: 'console-schedules:validation.start_past',
  description: 'console-schedules:validation.description',
  repeat: 'console-schedules:validation.repeat',
  onceDone: 'console-schedules:validation.once_done',
} as const;
export const SCHEDULE_MESSAGES = messages;

const MINUTE_MS = 60_000;

/** Spec: a schedule's start is rounded to the minute (down: the minute the operator chose). */
export function roundToMinute(ms: number): number {
  return Math.floor(ms / MINUTE_MS) * MINUTE_MS;
}

/** Whether a start may still be chosen: not before the current minute (the current one runs at once). */
export function isStartAllowed(startAt: number, nowMs: number): boolean {
  return roundToMinute(startAt) >= roundToMinute(nowMs);
}

/** The time of a repeating schedule's run number `index` (0 is the start). */
export function occurrenceAt(startAt: number, repeat: ScheduleRepeat, index: number): number {
  const start = DateTime.fromMillis(startAt, { zone: KST_ZONE });
  return (repeat === 'month' ? start.plus({ months: index }) : start.plus({ years: index })).toMillis();
}

/** The first run of a repeating schedule at or after `fromMs`: its number and time. */
export function firstOccurrenceFrom(
  startAt: number,
  repeat: ScheduleRepeat,
  fromMs: number,
): { index: number; at: number } {
  const start = DateTime.fromMillis(startAt, { zone: KST_ZONE });
  const from = DateTime.fromMillis(Math.max(fromMs, startAt), { zone: KST_ZONE });
  const elapsed = repeat === 'month' ? from.diff(start, 'months').months : from.diff(start, 'years').years;
  // The whole periods elapsed, less one for the clamped month ends; the loop then takes a step or two.
  for (let index = Math.max(0, Math.floor(elapsed) - 1); ; index += 1) {
    const at = occurrenceAt(startAt, repeat, index);
    if (at >= fromMs) return { index, at };
  }
}

const timingFields = {
  startAt: z.number({ message: messages.startAt }).int(messages.startAt).positive(messages.startAt),
  isRepeat: z.boolean(),
  repeatEvery: z.enum(SCHEDULE_REPEATS, { message: messages.repeat }).optional(),
  description: z.string().trim().min(1, messages.description).max(1000, messages.description),
};

function checkRepeat(
  timing: { isRepeat?: boolean | undefined; repeatEvery?: ScheduleRepeat | undefined },
  context: z.RefinementCtx,
): void {
  if (timing.isRepeat && !timing.repeatEvery)
    context.addIssue({ code: 'custom', path: ['repeatEvery'], message: messages.repeat });
}

/**
 * The deposit a schedule is created with: the account (uid), the payer's phone and the deposit's
 * fields. The payer's name and e-mail are the account's, read by the server (issue 19, defect 5): a
 * name or e-mail sent along is not taken, so an address bar cannot make another address the payer.
 */
export const scheduleDepositParamsRule = z
  .object({ uid: PAYER_FIELDS.uid, userPhone: PAYER_FIELDS.userPhone, ...DEPOSIT_FIELDS })
  .superRefine(checkDepositPrice);

/** A schedule to create: when it runs, its action (a direct deposit) and the deposit's fields. */
export const adminScheduleCreateRule = z
  .object({
    ...timingFields,
    isRepeat: timingFields.isRepeat.default(false),
    adminActionTarget: z.enum(ADMIN_ACTION_TARGETS).default('directDeposit'),
    params: scheduleDepositParamsRule,
  })
  .superRefine(checkRepeat);
export type AdminScheduleCreateInput = z.output<typeof adminScheduleCreateRule>;
export type AdminScheduleCreateForm = z.input<typeof adminScheduleCreateRule>;

/**
 * What an edit may change of a deposit (section 2's edit rules): the phone, plan, price, currency and
 * payment type; the account (uid, name, e-mail) stays the one the schedule was made for.
 */
export const editableDepositParamsRule = z
  .object({ userPhone: PAYER_FIELDS.userPhone, ...DEPOSIT_FIELDS })
  .superRefine(checkDepositPrice);
export type EditableDepositParams = z.output<typeof editableDepositParamsRule>;

/**
 * A change of a schedule: enable or disable it (the list's toggle), or edit it (every field of the edit
 * form). A new start or repeat reschedules its next run; a change of params applies from the next run.
 */
export const adminScheduleUpdateRule = z
  .object({
    adminScheduleId: z.string().trim().min(1).max(64),
    enable: z.boolean().optional(),
    startAt: timingFields.startAt.optional(),
    isRepeat: timingFields.isRepeat.optional(),
    repeatEvery: timingFields.repeatEvery,
    description: timingFields.description.optional(),
    params: editableDepositParamsRule.optional(),
  })
  .superRefine(checkRepeat);
export type AdminScheduleUpdateInput = z.output<typeof adminScheduleUpdateRule>;
