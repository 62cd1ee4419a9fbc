import { Entity, type EntityItem } from 'electrodb';
import { ENTITY_SERVICE, lazyEntity } from '../entity-service.ts';

/** A configuration entry (admin config screens; maintenance notice, download packages, flags). */
export const Config = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'config', version: '1', service: ENTITY_SERVICE },
      attributes: {
        configId: { type: 'string', required: true, readOnly: true },
        name: { type: 'string', required: true },
        value: { type: 'string', required: true },
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
        byId: { pk: { field: 'pk', composite: ['configId'] }, sk: { field: 'sk', composite: [] } },
        /** Every entry in name order: the console's list, and lookups by name. */
        byName: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: [] },
          sk: { field: 'gsi1sk', composite: ['name'] },
        },
      },
    }),
);
export type ConfigItem = EntityItem<ReturnType<typeof Config>>;

/** Keeps config names unique: written in the same transaction as the entry it names. */
export const ConfigName = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'configName', version: '1', service: ENTITY_SERVICE },
      attributes: {
        name: { type: 'string', required: true, readOnly: true },
        configId: { type: 'string', required: true },
      },
      indexes: {
        byName: { pk: { field: 'pk', composite: ['name'] }, sk: { field: 'sk', composite: [] } },
      },
    }),
);
