import { Entity, type EntityItem } from 'electrodb';
import { PLAN_PERIODS, PLAN_TYPES } from '../../../../shared/plans/plan-types.ts';
import { ENTITY_SERVICE, lazyEntity } from '../entity-service.ts';

/**
 * A plan's price in the three currencies. `catalogue` names the price book the plan belongs to:
 * 'default' for the built-in plans, a referral type for partner and custom plans.
 */
export const PlanPrice = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'planPrice', version: '1', service: ENTITY_SERVICE },
      attributes: {
        catalogue: { type: 'string', required: true, readOnly: true },
        name: { type: 'string', required: true, readOnly: true },
        planType: { type: PLAN_TYPES, required: true },
        period: { type: PLAN_PERIODS, required: true },
        isSubscription: { type: 'boolean', required: true },
        priceKo: { type: 'number', required: true },
        priceJa: { type: 'number', required: true },
        priceEn: { type: 'number', required: true },
        sortOrder: { type: 'number', required: true, default: 0 },
      },
      indexes: {
        /** A catalogue's prices and quotas share one partition: the `catalogue` collection reads both at once. */
        byCatalogue: {
          collection: 'catalogue',
          pk: { field: 'pk', composite: ['catalogue'] },
          sk: { field: 'sk', composite: ['name'] },
        },
      },
    }),
);
export type PlanPriceItem = EntityItem<ReturnType<typeof PlanPrice>>;
