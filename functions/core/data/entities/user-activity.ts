import { Entity, type EntityItem } from 'electrodb';
import { ENTITY_SERVICE, lazyEntity } from '../entity-service.ts';
import { retentionTtlAttribute } from './order-attributes.ts';

/**
 * What an operator did to an account (admin-console.md section 3, UserActivity: created, desc), with
 * who did it and which action. Written in the same transaction as the action where the action is a
 * table write; shown newest first on the user detail.
 */
export const UserActivity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'userActivity', version: '1', service: ENTITY_SERVICE },
      attributes: {
        uid: { type: 'string', required: true, readOnly: true },
        /** Unique within the account, so two actions in the same millisecond both stay. */
        activityId: { type: 'string', required: true, readOnly: true },
        created: { type: 'number', required: true, readOnly: true, padding: { length: 15, char: '0' } },
        /** The action's name (shared/users/admin-actions.ts), e.g. `email.verify`. */
        action: { type: 'string', required: true, readOnly: true },
        desc: { type: 'string', required: true, readOnly: true },
        operatorUid: { type: 'string', required: true, readOnly: true },
        operatorEmail: { type: 'string', required: true, readOnly: true },
        ttl: retentionTtlAttribute,
      },
      indexes: {
        byUser: {
          pk: { field: 'pk', composite: ['uid'] },
          sk: { field: 'sk', composite: ['created', 'activityId'] },
        },
      },
    }),
);
export type UserActivityItem = EntityItem<ReturnType<typeof UserActivity>>;
