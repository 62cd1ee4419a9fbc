import { Entity, type EntityItem } from 'electrodb';
import { ENTITY_SERVICE, lazyEntity } from '../entity-service.ts';
import { createdAttribute, retentionTtlAttribute, updatedAttribute } from './order-attributes.ts';

/**
 * A change of the card a subscription renews on (site-and-payments.md section 3, change-card data),
 * keyed by the merchant uid of its billing-key checkout. The new billing key (`customerUid`) replaces the
 * plan's (`previousCustomerUid`) only once the provider confirms it issued the key: created -> done,
 * or failed with the provider's code and message.
 */
export const CHANGE_CARD_STATUSES = ['created', 'done', 'failed'] as const;

export const ChangeCardRequest = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'changeCardRequest', version: '1', service: ENTITY_SERVICE },
      attributes: {
        merchantUid: { type: 'string', required: true, readOnly: true },
        guid: { type: 'string', required: true, readOnly: true },
        uid: { type: 'string', required: true, readOnly: true },
        planId: { type: 'string', required: true, readOnly: true },
        previousCustomerUid: { type: 'string', required: true, readOnly: true },
        customerUid: { type: 'string', required: true, readOnly: true },
        status: { type: CHANGE_CARD_STATUSES, required: true, default: 'created' },
        failureCode: { type: 'string' },
        failureMessage: { type: 'string' },
        created: createdAttribute,
        updated: updatedAttribute,
        ttl: retentionTtlAttribute,
      },
      indexes: {
        byMerchantUid: {
          pk: { field: 'pk', composite: ['merchantUid'] },
          sk: { field: 'sk', composite: [] },
        },
      },
    }),
);
export type ChangeCardRequestItem = EntityItem<ReturnType<typeof ChangeCardRequest>>;
