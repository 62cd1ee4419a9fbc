import { Entity, type EntityItem } from 'electrodb';
import { CURRENCIES } from '../../../../shared/currency.ts';
import { CLIENT_TYPES } from '../../../../shared/identity/client-types.ts';
import { SITE_LANGUAGES } from '../../../../shared/languages.ts';
import { PAYMENT_SESSION_STATUSES } from '../../../../shared/payments/payment-codes.ts';
import { ACCOUNT_TYPES } from '../../../../shared/plans/plans-offered.ts';
import { ENTITY_SERVICE, lazyEntity } from '../entity-service.ts';
import { createdAttribute, updatedAttribute } from './order-attributes.ts';

export { PAYMENT_SESSION_STATUSES };

/**
 * What a session is for: a new plan (order), an upgrade of the current subscription, a change of the
 * card it renews on, a usage eraser, or a refund. Every purpose but order acts on one plan (`planId`).
 */
export const SESSION_PURPOSES = ['order', 'upgrade', 'change-card', 'usage-eraser', 'refund'] as const;
export type SessionPurpose = (typeof SESSION_PURPOSES)[number];

/**
 * A payment session: one customer choosing a plan on the order pages, named by an unguessable guid
 * (the guid routes' credential). It holds the choices (plan, currency, account type, coupon); every
 * price is recomputed from them. The console lists a user's sessions as "payment progress", with the
 * latest order's merchantUid and status copied in (`merchantUid`, `updatedStatus`).
 */
export const PaymentSession = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'paymentSession', version: '1', service: ENTITY_SERVICE },
      attributes: {
        guid: { type: 'string', required: true, readOnly: true },
        uid: { type: 'string', required: true, readOnly: true },
        cid: { type: 'string' },
        clientType: { type: CLIENT_TYPES, required: true },
        language: { type: SITE_LANGUAGES, required: true },
        /** How the session was opened: by the customer (init) or by an operator's order link (init_custom...). */
        createdStatus: { type: PAYMENT_SESSION_STATUSES, required: true, readOnly: true },
        purpose: { type: SESSION_PURPOSES, required: true, readOnly: true, default: 'order' },
        /** The plan an upgrade, change of card, eraser or refund session acts on. */
        planId: { type: 'string', readOnly: true },
        /** The price book the session sells from: 'default', or the account's referral type's own. */
        catalogue: { type: 'string', required: true },
        priceVersion: { type: 'string' },
        planName: { type: 'string', required: true },
        currency: { type: CURRENCIES, required: true },
        accountType: { type: ACCOUNT_TYPES },
        /** The plan chosen before switching to a business account, restored when switching back. */
        previousPlanName: { type: 'string' },
        couponCode: { type: 'string' },
        /** The operator's note on a session opened from the console. */
        desc: { type: 'string' },
        createdBy: { type: 'string' },
        merchantUid: { type: 'string' },
        updatedStatus: { type: 'string' },
        created: createdAttribute,
        updated: updatedAttribute,
        /** Epoch ms after which the session can no longer be changed or ordered from (EXPIRED). */
        expiresAt: { type: 'number', required: true, readOnly: true },
        /** Kept a week past expiry so that result pages can still confirm the orders made from it. */
        ttl: { type: 'number', required: true, readOnly: true },
      },
      indexes: {
        byGuid: { pk: { field: 'pk', composite: ['guid'] }, sk: { field: 'sk', composite: [] } },
        /** A user's sessions, newest last: the console's payment progress list. */
        byUser: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['uid'] },
          sk: { field: 'gsi1sk', composite: ['created'] },
        },
      },
    }),
);
export type PaymentSessionItem = EntityItem<ReturnType<typeof PaymentSession>>;
