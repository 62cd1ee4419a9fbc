import { randomBytes } from 'node:crypto';
import * as z from 'zod';
import type { ListPageRequest } from '../../../shared/api/list-page.ts';
import { SCHEDULE_ENTRY_FAILED } from '../../../shared/api/schedules.ts';
import { ADMIN_SCHEDULE_TARGET } from '../../../shared/jobs/schedules.ts';
import {
  type AdminScheduleCreateInput,
  type AdminScheduleUpdateInput,
  firstOccurrenceFrom,
  isStartAllowed,
  occurrenceAt,
  roundToMinute,
  SCHEDULE_MESSAGES,
  type ScheduleRepeat,
} from '../../../shared/schedules/admin-schedule.ts';
import { cancelSchedule, scheduleOnce } from '../adapters/scheduler.ts';
import { nowMs } from '../clock.ts';
import {
  type AdminSchedule,
  adminSchedulesQuery,
  createAdminSchedule,
  deleteAdminSchedule,
  getAdminSchedule,
  getAdminScheduleWithRuns,
  recordScheduleRun,
  updateAdminSchedule,
} from '../data/admin-schedule-repository.ts';
import { readPage } from '../data/list-page.ts';
import { type Operator, recordUserActivity } from '../data/user-activity-repository.ts';
import { getUser } from '../data/user-repository.ts';
import {
  depositablePlan,
  directDepositIdFor,
  grantDirectDeposit,
} from '../direct-deposits/direct-deposit.ts';
import { AdminError, Conflict, NotFound } from '../errors.ts';
import { logger } from '../logger.ts';

/**
 * Admin schedules (admin-console.md sections 2, 3 and 7) run by EventBridge Scheduler: each pending run
 * is one `at()` entry of the scheduler naming the schedule, its revision and the run's time; the run
 * (runAdminSchedule) deposits, logs, moves the schedule on and schedules the next entry. Every step is
 * idempotent: the deposit id is derived from the run, the log is written once per run, and the
 * schedule moves on only from the run it waits for, so a retried or duplicated invocation deposits once.
 */
export type ScheduleAnswer<T> = { result: T } | { errorCode: string; errorMsg: string };

/** The event a scheduler entry invokes the target with. */
export const ScheduleRunEventSchema = z.object({
  adminScheduleId: z.string().min(1),
  revision: z.number().int(),
  scheduledAt: z.number().int(),
});
export type ScheduleRunEvent = z.infer<typeof ScheduleRunEventSchema>;

/** The scheduler entry of a run: named after the schedule, its revision and the run's time. */
export function entryName(run: ScheduleRunEvent): string {
  return `adm-${run.adminScheduleId}-${run.revision}-${run.scheduledAt}`;
}

function pendingRun(schedule: AdminSchedule): ScheduleRunEvent | undefined {
  return schedule.enable && schedule.nextScheduleAt !== undefined
    ? {
        adminScheduleId: schedule.adminScheduleId,
        revision: schedule.revision,
        scheduledAt: schedule.nextScheduleAt,
      }
    : undefined;
}

async function scheduleRun(run: ScheduleRunEvent): Promise<void> {
  await scheduleOnce({
    name: entryName(run),
    at: new Date(run.scheduledAt),
    targetId: ADMIN_SCHEDULE_TARGET,
    payload: run,
  });
}

function entryFailure(error: unknown): { errorCode: string; errorMsg: string } {
  logger.error('The scheduler refused a schedule entry', { error });
  return {
    errorCode: SCHEDULE_ENTRY_FAILED,
    errorMsg: error instanceof Error ? error.message : String(error),
  };
}

/** The schedule as the console shows it. */
export function toScheduleView(schedule: AdminSchedule) {
  return {
    id: schedule.adminScheduleId,
    creatorEmail: schedule.creatorEmail,
    targetEmail: schedule.targetEmail,
    startAt: schedule.startAt,
    created: schedule.created,
    adminActionTarget: schedule.adminActionTarget,
    description: schedule.description,
    isRepeat: schedule.isRepeat,
    ...(schedule.repeatEvery ? { repeatEvery: schedule.repeatEvery } : {}),
    enable: schedule.enable,
    ...(schedule.nextScheduleAt !== undefined ? { nextScheduleAt: schedule.nextScheduleAt } : {}),
    ...(schedule.lastSuccessAt !== undefined ? { lastSuccessAt: schedule.lastSuccessAt } : {}),
    ...(schedule.lastErrorAt !== undefined ? { lastErrorAt: schedule.lastErrorAt } : {}),
    params: schedule.params,
  };
}

function invalid(message: string): AdminError {
  return new AdminError('invalid_argument', message);
}

async function checkPlan(planName: string): Promise<void> {
  if (!(await depositablePlan(planName))) throw invalid('console-deposits:refusal.unknown_plan');
}

/**
 * Creates a schedule for an account and its first scheduler entry. The record comes first, so an
 * entry due at once finds it; if the scheduler refuses the entry the record is removed again and the
 * answer carries the scheduler's reason.
 */
export async function createSchedule(
  input: AdminScheduleCreateInput,
  operator: Operator,
): Promise<ScheduleAnswer<ReturnType<typeof toScheduleView>>> {
  const now = nowMs();
  const startAt = roundToMinute(input.startAt);
  if (!isStartAllowed(startAt, now)) throw invalid(SCHEDULE_MESSAGES.startPast);
  const user = await getUser(input.params.uid);
  if (!user || user.deleted) throw new NotFound(`User ${input.params.uid}`);
  await checkPlan(input.params.planName);
  // The payer is the account itself: its name and e-mail as the account holds them.
  const params = { ...input.params, userName: user.name, userEmail: user.email };
  const schedule = await createAdminSchedule({
    adminScheduleId: randomBytes(12).toString('base64url'),
    creatorUid: operator.uid,
    creatorEmail: operator.email,
    targetEmail: user.email,
    adminActionTarget: input.adminActionTarget,
    description: input.description,
    startAt,
    isRepeat: input.isRepeat,
    ...(input.isRepeat && input.repeatEvery ? { repeatEvery: input.repeatEvery } : {}),
    enable: true,
    revision: 1,
    occurrence: 0,
    nextScheduleAt: startAt,
    params,
  });
  try {
    await scheduleRun(pendingRun(schedule) as ScheduleRunEvent);
  } catch (error) {
    await deleteAdminSchedule(schedule.adminScheduleId);
    return entryFailure(error);
  }
  await recordUserActivity({
    uid: input.params.uid,
    action: 'schedule.create',
    desc: input.description,
    operator,
  });
  return { result: toScheduleView(schedule) };
}

/** When a schedule with this timing runs next, from now: its time and run number; none for a past one-time run. */
function nextRunOf(
  timing: { startAt: number; isRepeat: boolean; repeatEvery?: ScheduleRepeat | undefined },
  now: number,
): { at: number; occurrence: number } | undefined {
  if (timing.isRepeat && timing.repeatEvery) {
    const { index, at } = firstOccurrenceFrom(timing.startAt, timing.repeatEvery, roundToMinute(now));
    return { at, occurrence: index };
  }
  return isStartAllowed(timing.startAt, now) ? { at: timing.startAt, occurrence: 0 } : undefined;
}

/**
 * Enables, disables or edits a schedule. A change of timing, or enabling it again, gives it a new
 * revision and next run (runs missed while it was disabled are skipped; a one-time schedule whose time
 * has passed needs a new start); disabling cancels the pending entry. Params apply from the next run.
 */
export async function updateSchedule(
  input: AdminScheduleUpdateInput,
  operator: Operator,
): Promise<ScheduleAnswer<ReturnType<typeof toScheduleView>>> {
  const current = await getAdminSchedule(input.adminScheduleId);
  if (!current) throw new NotFound(`Schedule ${input.adminScheduleId}`);
  if (input.params) await checkPlan(input.params.planName);
  const now = nowMs();
  const isRepeat = input.isRepeat ?? current.isRepeat;
  const timing = {
    startAt: input.startAt === undefined ? current.startAt : roundToMinute(input.startAt),
    isRepeat,
    repeatEvery: isRepeat ? (input.repeatEvery ?? current.repeatEvery) : undefined,
  };
  const enable = input.enable ?? current.enable;
  const retimed =
    timing.startAt !== current.startAt ||
    timing.isRepeat !== current.isRepeat ||
    timing.repeatEvery !== current.repeatEvery ||
    (enable && !current.enable);
  if (
    input.startAt !== undefined &&
    timing.startAt !== current.startAt &&
    !isStartAllowed(timing.startAt, now)
  )
    throw invalid(SCHEDULE_MESSAGES.startPast);
  const next = retimed ? nextRunOf(timing, now) : undefined;
  if (retimed && enable && !next) throw invalid(SCHEDULE_MESSAGES.onceDone);

  const before = pendingRun(current);
  const updated = await updateAdminSchedule(
    current,
    {
      enable,
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.params ? { params: { ...current.params, ...input.params } } : {}),
      ...(retimed
        ? {
            ...timing,
            revision: current.revision + 1,
            ...(next ? { nextScheduleAt: next.at, occurrence: next.occurrence } : {}),
          }
        : {}),
    },
    retimed && !next ? ['nextScheduleAt'] : [],
  );
  if (!updated) throw new Conflict(`The schedule ${current.adminScheduleId} changed meanwhile`);
  const after = pendingRun(updated);
  if (before && (!after || entryName(before) !== entryName(after))) await cancelSchedule(entryName(before));
  if (after && (!before || entryName(before) !== entryName(after))) {
    try {
      await scheduleRun(after);
    } catch (error) {
      await updateAdminSchedule(updated, { enable: false });
      return entryFailure(error);
    }
  }
  await recordUserActivity({
    uid: current.params.uid,
    action: 'schedule.update',
    desc: updated.description,
    operator,
  });
  return { result: toScheduleView(updated) };
}

export async function scheduleList(page: ListPageRequest) {
  const { rows, cursor } = await readPage('schedules', [adminSchedulesQuery()], page);
  return { result: rows.map(toScheduleView), cursor };
}

export async function scheduleInfo(adminScheduleId: string) {
  const found = await getAdminScheduleWithRuns(adminScheduleId);
  if (!found) throw new NotFound(`Schedule ${adminScheduleId}`);
  return {
    result: {
      ...toScheduleView(found.schedule),
      logs: found.runs.map((run) => ({
        scheduledAt: run.scheduledAt,
        created: run.created,
        ...(run.merchantUid ? { merchantUid: run.merchantUid } : {}),
        ...(run.error ? { error: run.error } : {}),
      })),
    },
  };
}

export type RunResult = 'deposited' | 'refused' | 'stale';

/**
 * One run of a schedule. A run that is not the one the schedule waits for (a duplicate, an entry of an
 * older revision, a disabled schedule) changes nothing; it only makes sure the pending run has its
 * entry, in case the invocation that moved the schedule on failed before scheduling it. A deposit the
 * account cannot take (a running plan) is logged as the run's error; the schedule still moves on.
 * Infrastructure failures throw, and the scheduler invokes again.
 */
export async function runAdminSchedule(run: ScheduleRunEvent): Promise<RunResult> {
  const schedule = await getAdminSchedule(run.adminScheduleId);
  if (!schedule) return 'stale';
  const pending = pendingRun(schedule);
  if (!pending || entryName(pending) !== entryName(run)) {
    if (pending && pending.scheduledAt > run.scheduledAt) await scheduleRun(pending);
    return 'stale';
  }
  const outcome = await grantDirectDeposit(
    {
      ...schedule.params,
      depositId: directDepositIdFor(entryName(run)),
      desc: schedule.description,
      paidAt: run.scheduledAt,
    },
    {
      operator: { uid: schedule.creatorUid, email: schedule.creatorEmail },
      action: 'direct-deposit.schedule-run',
    },
  );
  const nextOccurrence = schedule.occurrence + 1;
  const next =
    schedule.isRepeat && schedule.repeatEvery
      ? {
          at: occurrenceAt(schedule.startAt, schedule.repeatEvery, nextOccurrence),
          occurrence: nextOccurrence,
        }
      : undefined;
  const recorded = await recordScheduleRun({
    schedule,
    scheduledAt: run.scheduledAt,
    outcome: outcome.status === 'refused' ? { error: outcome.reason } : { merchantUid: outcome.merchantUid },
    next,
    nowMs: nowMs(),
  });
  if (recorded && next) {
    await scheduleRun({
      adminScheduleId: schedule.adminScheduleId,
      revision: schedule.revision,
      scheduledAt: next.at,
    });
  }
  logger.info('Schedule run', {
    adminScheduleId: schedule.adminScheduleId,
    outcome: outcome.status,
    recorded,
  });
  return outcome.status === 'refused' ? 'refused' : 'deposited';
}
