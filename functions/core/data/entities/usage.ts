import { Entity, type EntityItem } from 'electrodb';
import { CLIENT_TYPES } from '../../../../shared/identity/client-types.ts';
import { FREE_COUNTERS, PAID_COUNTERS, USAGE_TYPES } from '../../../../shared/usage/usage-rules.ts';
import { ENTITY_SERVICE, lazyEntity } from '../entity-service.ts';

const counter = { type: 'number' } as const;
const counters = <const Names extends readonly string[]>(names: Names) =>
  Object.fromEntries(names.map((name) => [name, counter])) as { [Name in Names[number]]: typeof counter };

/**
 * An account's monthly usage counters (admin-console.md section 3, the user's monthly counters): the
 * FREE month's and the paid plan's, each group with the time it was last updated. A group whose last
 * update precedes its reset date counts as zero (shared/usage/usage-rules.ts) and is overwritten by
 * the next recording, so no job ever has to reset anyone. Counters move only by atomic ADD under a
 * condition (never read-modify-write), so concurrent recordings never lose an increment nor pass a
 * limit. A counter may go below zero: an operator's grant gives quota back that way.
 */
export const UsageCounter = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'usageCounter', version: '1', service: ENTITY_SERVICE },
      attributes: {
        uid: { type: 'string', required: true, readOnly: true },
        ...counters(FREE_COUNTERS),
        lastUpdatedMonthly: { type: 'number' },
        ...counters(PAID_COUNTERS),
        paidLastUpdatedMonthly: { type: 'number' },
      },
      indexes: {
        byUser: { pk: { field: 'pk', composite: ['uid'] }, sk: { field: 'sk', composite: [] } },
      },
    }),
);
export type UsageCounterItem = EntityItem<ReturnType<typeof UsageCounter>>;

/**
 * One usage entry (admin-console.md section 3, usage entries): a recording by the editing app, its
 * refusal, or an operator's grant. Keyed by the id the app sends with the recording, so that a retried
 * recording is the same entry and counts once. TTS entries carry the speaker and whether the voice is
 * free (free voices are recorded but not charged); TRANSLATE the engine; STT, TRANSLATE and GENIMAGE
 * the client type. Kept two years (`ttl`).
 */
export const USAGE_SOURCES = ['app', 'grant', 'eraser'] as const;
export const USAGE_FAILURES = ['over_limit', 'not_in_plan', 'reported'] as const;

export const UsageEntry = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'usageEntry', version: '1', service: ENTITY_SERVICE },
      attributes: {
        uid: { type: 'string', required: true, readOnly: true },
        entryId: { type: 'string', required: true, readOnly: true },
        usageType: { type: USAGE_TYPES, required: true, readOnly: true },
        /** Epoch ms; the console shows the KST date. */
        at: { type: 'number', required: true, readOnly: true },
        count: { type: 'number', required: true, readOnly: true },
        success: { type: 'boolean', required: true, readOnly: true },
        failure: { type: USAGE_FAILURES, readOnly: true },
        source: { type: USAGE_SOURCES, required: true, readOnly: true },
        /** Whether the recording went to the paid plan's counters (else the FREE month's). */
        paid: { type: 'boolean', required: true, readOnly: true },
        speaker: { type: 'string', readOnly: true },
        free: { type: 'boolean', readOnly: true },
        engine: { type: 'string', readOnly: true },
        clientType: { type: CLIENT_TYPES, readOnly: true },
        /** The operator of a grant, and the reason they gave. */
        operatorEmail: { type: 'string', readOnly: true },
        desc: { type: 'string', readOnly: true },
        ttl: { type: 'number', required: true, readOnly: true },
      },
      indexes: {
        byEntry: {
          pk: { field: 'pk', composite: ['uid'] },
          sk: { field: 'sk', composite: ['entryId'] },
        },
        /** An account's entries over a time range (the console's usage list, type ALL). */
        byUserTime: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['uid'] },
          sk: { field: 'gsi1sk', composite: ['at', 'entryId'] },
        },
        /** An account's entries of one type over a time range. */
        byUserTypeTime: {
          index: 'gsi2',
          pk: { field: 'gsi2pk', composite: ['uid', 'usageType'] },
          sk: { field: 'gsi2sk', composite: ['at', 'entryId'] },
        },
      },
    }),
);
export type UsageEntryItem = EntityItem<ReturnType<typeof UsageEntry>>;
