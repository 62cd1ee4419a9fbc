import { Entity, type EntityItem } from 'electrodb';
import { ENTITY_SERVICE, lazyEntity } from '../entity-service.ts';
import { createdAttribute } from './order-attributes.ts';

/**
 * A custom plan's own quotas and record (admin-console.md section 3, Custom plan), beside its price in
 * the same catalogue (PlanPrice, planType CUSTOM). The catalogue's PlanUsage rows are per plan type;
 * custom plans are sized one by one, so their quotas live here: STT in seconds, storage in bytes.
 * Who created the plan and why are kept on it (a plan belongs to no account's activities).
 */
export const CustomPlan = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'customPlan', version: '1', service: ENTITY_SERVICE },
      attributes: {
        catalogue: { type: 'string', required: true, readOnly: true },
        name: { type: 'string', required: true, readOnly: true },
        sttUsage: { type: 'number', required: true },
        ttsUsage: { type: 'number', required: true },
        translateUsage: { type: 'number', required: true },
        genimageUsage: { type: 'number', required: true },
        cloudStorageUsage: { type: 'number', required: true },
        userTTSSpeakerUsage: { type: 'number', required: true },
        description: { type: 'string', required: true },
        /** The operator's reason (the admin action's desc). */
        desc: { type: 'string', required: true },
        createdByUid: { type: 'string', required: true },
        createdByEmail: { type: 'string', required: true },
        created: createdAttribute,
      },
      indexes: {
        /** In its catalogue's partition: one query of the `catalogue` collection reads it with the prices. */
        byCatalogue: {
          collection: 'catalogue',
          pk: { field: 'pk', composite: ['catalogue'] },
          sk: { field: 'sk', composite: ['name'] },
        },
      },
    }),
);
export type CustomPlanItem = EntityItem<ReturnType<typeof CustomPlan>>;
