import { Entity, type EntityItem } from 'electrodb';
import { ENTITY_SERVICE, lazyEntity } from '../entity-service.ts';
import { createdAttribute } from './order-attributes.ts';

/**
 * A data migration that has run to its end (a deployment's backfill, functions/core/finance/
 * finance-backfill.ts), so that later deployments do not read the table again for it. A migration that
 * must run again takes a new name.
 */
export const DataMigration = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'dataMigration', version: '1', service: ENTITY_SERVICE },
      attributes: {
        name: { type: 'string', required: true, readOnly: true },
        completedAt: { ...createdAttribute },
      },
      indexes: {
        byName: { pk: { field: 'pk', composite: ['name'] }, sk: { field: 'sk', composite: [] } },
      },
    }),
);
export type DataMigrationItem = EntityItem<ReturnType<typeof DataMigration>>;
