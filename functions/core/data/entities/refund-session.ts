import { Entity, type EntityItem } from 'electrodb';
import { ENTITY_SERVICE, lazyEntity } from '../entity-service.ts';

/**
 * A customer's refund session (site-and-payments.md: the user-refund page and its calls carry no token
 * and name the session by a guid). Opened by the signed-in account holder; the guid is then the
 * credential of user-refund-info and cancel-payment-user until `expiresAt`.
 */
export const RefundSession = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'refundSession', version: '1', service: ENTITY_SERVICE },
      attributes: {
        guid: { type: 'string', required: true, readOnly: true },
        uid: { type: 'string', required: true, readOnly: true },
        created: { type: 'number', required: true, readOnly: true },
        expiresAt: { type: 'number', required: true, readOnly: true },
        ttl: { type: 'number', required: true, readOnly: true },
      },
      indexes: {
        byGuid: { pk: { field: 'pk', composite: ['guid'] }, sk: { field: 'sk', composite: [] } },
      },
    }),
);
export type RefundSessionItem = EntityItem<ReturnType<typeof RefundSession>>;
