import { Entity, type EntityItem } from 'electrodb';
import { ENTITY_SERVICE, lazyEntity } from '../entity-service.ts';

/**
 * A bulk job: how many items it has and whether it is done. How far it got is counted apart, per
 * message (JobBatchCount), so that consumers working side by side never write one item.
 */
export const Job = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'job', version: '1', service: ENTITY_SERVICE },
      attributes: {
        jobId: { type: 'string', required: true, readOnly: true },
        kind: { type: 'string', required: true, readOnly: true },
        createdBy: { type: 'string', required: true, readOnly: true },
        total: { type: 'number', required: true },
        status: { type: ['queued', 'done'] as const, required: true, default: 'queued' },
        createdAt: { type: 'number', readOnly: true, required: true, default: () => Date.now() },
        updatedAt: {
          type: 'number',
          required: true,
          default: () => Date.now(),
          watch: '*',
          set: () => Date.now(),
        },
      },
      indexes: {
        byId: { pk: { field: 'pk', composite: ['jobId'] }, sk: { field: 'sk', composite: [] } },
      },
    }),
);
export type JobItem = EntityItem<ReturnType<typeof Job>>;

/**
 * The outcome of one item of a job, written once (keyed by batch and position), so a redelivered
 * message never counts or applies an item twice. Failed outcomes are the job's failures table.
 */
export const JobItemOutcome = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'jobItemOutcome', version: '1', service: ENTITY_SERVICE },
      attributes: {
        jobId: { type: 'string', required: true, readOnly: true },
        // Zero-padded in the sort key so that outcomes sort (and range) by number, not by text.
        batchIndex: { type: 'number', required: true, readOnly: true, padding: { length: 6, char: '0' } },
        itemIndex: { type: 'number', required: true, readOnly: true, padding: { length: 6, char: '0' } },
        item: { type: 'string', required: true },
        ok: { type: 'boolean', required: true },
        reason: { type: 'string' },
      },
      indexes: {
        byJob: {
          pk: { field: 'pk', composite: ['jobId'] },
          sk: { field: 'sk', composite: ['batchIndex', 'itemIndex'] },
        },
      },
    }),
);
export type JobItemOutcomeItem = EntityItem<ReturnType<typeof JobItemOutcome>>;

/**
 * The items of one message of a job counted done and failed: a shard of the job's counters, written
 * with the outcomes it counts. Only the deliveries of that one message write it, so the job's counters
 * are not a hot item however many consumers run; the job's counts are the sum of its shards.
 */
export const JobBatchCount = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'jobBatchCount', version: '1', service: ENTITY_SERVICE },
      attributes: {
        jobId: { type: 'string', required: true, readOnly: true },
        batchIndex: { type: 'number', required: true, readOnly: true, padding: { length: 6, char: '0' } },
        succeeded: { type: 'number', required: true, default: 0 },
        failed: { type: 'number', required: true, default: 0 },
      },
      indexes: {
        byJob: {
          pk: { field: 'pk', composite: ['jobId'] },
          sk: { field: 'sk', composite: ['batchIndex'] },
        },
      },
    }),
);
export type JobBatchCountItem = EntityItem<ReturnType<typeof JobBatchCount>>;

/**
 * A bulk request's fingerprint (its kind, accounts, amounts and desc) while a repeat of it is refused
 * (shared/jobs/bulk-repeat.ts); DynamoDB deletes it some time after `expiresAt` (ttl).
 */
export const BulkRequest = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'bulkRequest', version: '1', service: ENTITY_SERVICE },
      attributes: {
        fingerprint: { type: 'string', required: true, readOnly: true },
        jobKind: { type: 'string', required: true },
        expiresAt: { type: 'number', required: true },
        ttl: { type: 'number', required: true },
      },
      indexes: {
        byFingerprint: {
          pk: { field: 'pk', composite: ['fingerprint'] },
          sk: { field: 'sk', composite: [] },
        },
      },
    }),
);
export type BulkRequestItem = EntityItem<ReturnType<typeof BulkRequest>>;
