import { Entity, type EntityItem } from 'electrodb';
import { PLAN_TYPES } from '../../../../shared/plans/plan-types.ts';
import { ENTITY_SERVICE, lazyEntity } from '../entity-service.ts';

/** Quotas of a plan type within a catalogue (see PlanPrice): STT in seconds, storage in bytes. */
export const PlanUsage = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'planUsage', version: '1', service: ENTITY_SERVICE },
      attributes: {
        catalogue: { type: 'string', required: true, readOnly: true },
        planType: { type: PLAN_TYPES, required: true, readOnly: true },
        sttUsage: { type: 'number', required: true },
        ttsUsage: { type: 'number', required: true },
        translateUsage: { type: 'number', required: true },
        genimageUsage: { type: 'number', required: true },
        cloudStorageUsage: { type: 'number', required: true },
        userTTSSpeakerUsage: { type: 'number', required: true },
      },
      indexes: {
        /** A catalogue's prices and quotas share one partition: the `catalogue` collection reads both at once. */
        byCatalogue: {
          collection: 'catalogue',
          pk: { field: 'pk', composite: ['catalogue'] },
          sk: { field: 'sk', composite: ['planType'] },
        },
      },
    }),
);
export type PlanUsageItem = EntityItem<ReturnType<typeof PlanUsage>>;
