import { Entity, type EntityItem } from 'electrodb';
import { ENTITY_SERVICE, lazyEntity } from '../entity-service.ts';

/**
 * An account's preregistration coupon (admin-console.md sections 3 and 4): none, then created with a
 * discount, then used (a first payment took the discount), and reset back to unused by an operator.
 */
export const Preregistration = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'preregistration', version: '1', service: ENTITY_SERVICE },
      attributes: {
        uid: { type: 'string', required: true, readOnly: true },
        discountPercent: { type: 'number', required: true, readOnly: true },
        created: { type: 'number', required: true, readOnly: true },
        used: { type: 'number' },
      },
      indexes: {
        byUid: { pk: { field: 'pk', composite: ['uid'] }, sk: { field: 'sk', composite: [] } },
      },
    }),
);
export type PreregistrationItem = EntityItem<ReturnType<typeof Preregistration>>;
