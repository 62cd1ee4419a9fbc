import { Entity, type EntityItem } from 'electrodb';
import { ENTITY_SERVICE, lazyEntity } from '../entity-service.ts';

/**
 * An analytics event as received, kept until its TTL (epoch seconds). Keyed by client id and the
 * browser's insertId so that a flush retried after a lost answer overwrites itself instead of
 * counting twice; a client's events read in order by the event's own time.
 */
export const AnalyticsEvent = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'analyticsEvent', version: '1', service: ENTITY_SERVICE },
      attributes: {
        cid: { type: 'string', required: true, readOnly: true },
        insertId: { type: 'string', required: true, readOnly: true },
        cidTimestamp: { type: 'number', required: true },
        clientType: { type: 'string', required: true },
        category: { type: 'string', required: true },
        action: { type: 'string', required: true },
        label: { type: 'string' },
        osName: { type: 'string' },
        installCode: { type: 'string' },
        pathname: { type: 'string', required: true },
        customValue: { type: 'string' },
        unixTimestampMs: { type: 'number', required: true },
        sessionId: { type: 'string', required: true },
        country: { type: 'string' },
        receivedAt: { type: 'number', required: true },
        ttl: { type: 'number', required: true },
      },
      indexes: {
        byClient: {
          pk: { field: 'pk', composite: ['cid'] },
          sk: { field: 'sk', composite: ['insertId'] },
        },
      },
    }),
);
export type AnalyticsEventItem = EntityItem<ReturnType<typeof AnalyticsEvent>>;
