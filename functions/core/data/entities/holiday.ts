import { Entity, type EntityItem } from 'electrodb';
import { ENTITY_SERVICE, lazyEntity } from '../entity-service.ts';

/**
 * The public holidays of one month (`yyyy-MM`, KST) as the public holiday service listed them, kept so
 * that refund estimates do not ask the service each time. A month is asked again once `fetchedAt` is a
 * week old (a substitute or temporary holiday can be declared late); months long past are kept as they are.
 */
export const HolidayMonth = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'holidayMonth', version: '1', service: ENTITY_SERVICE },
      attributes: {
        month: { type: 'string', required: true, readOnly: true },
        dates: { type: 'list', items: { type: 'string' }, required: true },
        fetchedAt: { type: 'number', required: true },
      },
      indexes: {
        byMonth: { pk: { field: 'pk', composite: ['month'] }, sk: { field: 'sk', composite: [] } },
      },
    }),
);
export type HolidayMonthItem = EntityItem<ReturnType<typeof HolidayMonth>>;
