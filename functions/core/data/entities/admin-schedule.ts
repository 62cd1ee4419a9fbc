import { Entity, type EntityItem } from 'electrodb';
import { CURRENCIES } from '../../../../shared/currency.ts';
import { DIRECT_DEPOSIT_PAYMENT_TYPES } from '../../../../shared/direct-deposits/direct-deposit.ts';
import { ADMIN_ACTION_TARGETS, SCHEDULE_REPEATS } from '../../../../shared/schedules/admin-schedule.ts';
import { ENTITY_SERVICE, lazyEntity } from '../entity-service.ts';
import { createdAttribute, retentionTtlAttribute, updatedAttribute } from './order-attributes.ts';

/** The schedule and its runs share a partition: the show page reads both in one query. */
const ofSchedule = {
  collection: 'scheduleWithRuns',
  pk: { field: 'pk', composite: ['adminScheduleId'] },
} as const;

/**
 * An admin schedule (admin-console.md section 3, Schedule): a direct deposit for one account, run by
 * EventBridge Scheduler at `nextScheduleAt`, once or repeating. `revision` moves on whenever the timing
 * changes (a new start or repeat, a re-enable): a run carries the revision and time it was scheduled
 * for, and one that no longer matches the schedule is stale and changes nothing. `occurrence` is the
 * number of the next run of a repeating schedule (its time is start + occurrence periods).
 */
export const AdminSchedule = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'adminSchedule', version: '1', service: ENTITY_SERVICE },
      attributes: {
        adminScheduleId: { type: 'string', required: true, readOnly: true },
        creatorUid: { type: 'string', required: true, readOnly: true },
        creatorEmail: { type: 'string', required: true, readOnly: true },
        targetEmail: { type: 'string', required: true, readOnly: true },
        adminActionTarget: { type: ADMIN_ACTION_TARGETS, required: true, readOnly: true },
        description: { type: 'string', required: true },
        startAt: { type: 'number', required: true },
        isRepeat: { type: 'boolean', required: true },
        repeatEvery: { type: SCHEDULE_REPEATS },
        enable: { type: 'boolean', required: true },
        revision: { type: 'number', required: true },
        occurrence: { type: 'number', required: true },
        /** Absent once a one-time schedule has run. */
        nextScheduleAt: { type: 'number' },
        lastSuccessAt: { type: 'number' },
        lastErrorAt: { type: 'number' },
        params: {
          type: 'map',
          required: true,
          properties: {
            uid: { type: 'string', required: true },
            planName: { type: 'string', required: true },
            currency: { type: CURRENCIES, required: true },
            price: { type: 'number', required: true },
            userName: { type: 'string', required: true },
            userEmail: { type: 'string', required: true },
            userPhone: { type: 'string', required: true },
            paymentType: { type: DIRECT_DEPOSIT_PAYMENT_TYPES, required: true },
          },
        },
        created: createdAttribute,
        updated: updatedAttribute,
        ttl: retentionTtlAttribute,
      },
      indexes: {
        byId: { ...ofSchedule, sk: { field: 'sk', composite: [] } },
        /** Every schedule in creation order: the console's list. */
        allSchedules: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: [] },
          sk: { field: 'gsi1sk', composite: ['created'] },
        },
      },
    }),
);
export type AdminScheduleItem = EntityItem<ReturnType<typeof AdminSchedule>>;

/**
 * One run of a schedule (the Schedule's logs: created, error), written once per scheduled time and
 * revision in the transaction that moves the schedule on: a duplicated invocation finds it and stops.
 */
export const AdminScheduleRun = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'adminScheduleRun', version: '1', service: ENTITY_SERVICE },
      attributes: {
        adminScheduleId: { type: 'string', required: true, readOnly: true },
        revision: { type: 'number', required: true, readOnly: true, padding: { length: 6, char: '0' } },
        scheduledAt: { type: 'number', required: true, readOnly: true, padding: { length: 15, char: '0' } },
        /** The deposit's merchantUid when it was granted. */
        merchantUid: { type: 'string', readOnly: true },
        /** Why the run did not deposit (a refusal's i18n key, or an error's text). */
        error: { type: 'string', readOnly: true },
        created: createdAttribute,
      },
      indexes: {
        byRun: { ...ofSchedule, sk: { field: 'sk', composite: ['revision', 'scheduledAt'] } },
      },
    }),
);
export type AdminScheduleRunItem = EntityItem<ReturnType<typeof AdminScheduleRun>>;
