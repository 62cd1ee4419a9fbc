import { tableService } from './client.ts';
import {
  AdminSchedule as AdminScheduleEntity,
  type AdminScheduleItem,
  AdminScheduleRun as AdminScheduleRunEntity,
  type AdminScheduleRunItem,
} from './entities/admin-schedule.ts';
import { type PagedQuery, pagedQuery, pageOptions } from './list-page.ts';
import { conditionFailed, type ItemOutcomes } from './transaction.ts';

const db = tableService({ adminSchedule: AdminScheduleEntity, adminScheduleRun: AdminScheduleRunEntity });

export type AdminSchedule = AdminScheduleItem;
export type AdminScheduleRun = AdminScheduleRunItem;
export type NewAdminSchedule = Omit<AdminScheduleItem, 'created' | 'updated'>;
type ScheduleChanges = Partial<
  Pick<
    AdminScheduleItem,
    | 'description'
    | 'startAt'
    | 'isRepeat'
    | 'repeatEvery'
    | 'enable'
    | 'revision'
    | 'occurrence'
    | 'nextScheduleAt'
    | 'params'
  >
>;

const isConditionFailure = (error: unknown) =>
  String((error as Error).message).includes('conditional request failed');

export async function createAdminSchedule(schedule: NewAdminSchedule): Promise<AdminSchedule> {
  const { data } = await db().entities.adminSchedule.create(schedule).go();
  return data;
}

export async function deleteAdminSchedule(adminScheduleId: string): Promise<void> {
  await db().entities.adminSchedule.delete({ adminScheduleId }).go();
}

export async function getAdminSchedule(adminScheduleId: string): Promise<AdminSchedule | undefined> {
  const { data } = await db().entities.adminSchedule.get({ adminScheduleId }).go();
  return data ?? undefined;
}

/** A schedule and its runs (newest first), in one query of its partition. */
export async function getAdminScheduleWithRuns(
  adminScheduleId: string,
): Promise<{ schedule: AdminSchedule; runs: AdminScheduleRun[] } | undefined> {
  const { data } = await db().collections.scheduleWithRuns({ adminScheduleId }).go({ pages: 'all' });
  const [schedule] = data.adminSchedule;
  if (!schedule) return undefined;
  const runs = [...data.adminScheduleRun].sort((a, b) => b.created - a.created);
  return { schedule, runs };
}

/** Every schedule, newest first (the console's list, a page at a time). */
export function adminSchedulesQuery(): PagedQuery<AdminSchedule> {
  const { adminSchedule } = db().entities;
  return pagedQuery(adminSchedule, 'allSchedules', (page) =>
    adminSchedule.query.allSchedules({}).go({ ...pageOptions(page), order: 'desc' }),
  );
}

/**
 * Changes a schedule while its revision is still the one read (so an edit and a run, or two edits,
 * cannot both act on the same state); `remove` drops attributes (the next run of a finished schedule).
 * Answers the schedule as stored, or undefined when the revision had moved on.
 */
export async function updateAdminSchedule(
  current: Pick<AdminSchedule, 'adminScheduleId' | 'revision'>,
  changes: ScheduleChanges,
  remove: Array<'nextScheduleAt'> = [],
): Promise<AdminSchedule | undefined> {
  try {
    const patch = db()
      .entities.adminSchedule.patch({ adminScheduleId: current.adminScheduleId })
      .set(changes);
    const { data } = await (remove.length ? patch.remove(remove) : patch)
      .where((attr, op) => op.eq(attr.revision, current.revision))
      .go({ response: 'all_new' });
    return data as AdminSchedule;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/**
 * Records one run and moves the schedule on, in one transaction: the run's log (once per revision and
 * scheduled time), and the schedule's next run, its run count and last success or error, on the
 * condition that it still waits for this very run. False when another invocation recorded it first.
 */
export async function recordScheduleRun(input: {
  schedule: AdminSchedule;
  scheduledAt: number;
  outcome: { merchantUid: string } | { error: string };
  next: { at: number; occurrence: number } | undefined;
  nowMs: number;
}): Promise<boolean> {
  const { schedule, scheduledAt, outcome, next, nowMs } = input;
  const { adminScheduleId, revision } = schedule;
  const { canceled, data } = await db()
    .transaction.write(({ adminScheduleRun, adminSchedule }) => {
      const moved = adminSchedule.patch({ adminScheduleId }).set({
        ...('error' in outcome ? { lastErrorAt: nowMs } : { lastSuccessAt: nowMs }),
        ...(next ? { nextScheduleAt: next.at, occurrence: next.occurrence } : {}),
      });
      return [
        adminScheduleRun.create({ adminScheduleId, revision, scheduledAt, ...outcome }).commit(),
        (next ? moved : moved.remove(['nextScheduleAt']))
          .where(
            (attr, op) => `${op.eq(attr.revision, revision)} AND ${op.eq(attr.nextScheduleAt, scheduledAt)}`,
          )
          .commit(),
      ];
    })
    .go();
  if (!canceled) return true;
  const outcomes = data as ItemOutcomes;
  if (conditionFailed(outcomes, 0) || conditionFailed(outcomes, 1)) return false;
  throw new Error(`The run of ${adminScheduleId} at ${scheduledAt} was refused: ${JSON.stringify(outcomes)}`);
}
