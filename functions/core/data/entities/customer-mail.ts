import { Entity, type EntityItem } from 'electrodb';
import { ENTITY_SERVICE, lazyEntity } from '../entity-service.ts';
import { retentionTtlAttribute } from './order-attributes.ts';

/** The mails a customer gets after checkout (functions/core/mails/customer-mails.ts). */
export const CUSTOMER_MAIL_KINDS = [
  'receipt',
  'vbank-issued',
  'refund-made',
  'renewal-reminder',
  'plan-change-scheduled',
  'plan-change-cancelled',
] as const;
/**
 * Every mail sent once per event under a marker: those, the consent a renewal that costs more asks for
 * and the end it comes to without it (functions/core/renewal-consent), and the confirmation of an
 * account's deletion (functions/core/account-deletion).
 */
export const MAILED_EVENT_KINDS = [
  ...CUSTOMER_MAIL_KINDS,
  'renewal-consent',
  'renewal-ended-without-consent',
  'account-deleted',
] as const;
export type CustomerMailKind = (typeof MAILED_EVENT_KINDS)[number];
export const CUSTOMER_MAIL_STATUSES = ['due', 'sending', 'sent', 'failed'] as const;

/**
 * The "mail sent" marker of one customer mail, keyed by its kind and the event it tells of (the
 * merchantUid of a payment, a refund's payment and step, a reminder's plan and period). It is claimed
 * before the mail goes (sending), so that repeated or concurrent steps of one event send it once; it
 * becomes sent, or failed with the reason, which the next run of the same step may claim again. A
 * payment's receipt is marked due in the transaction that grants it, so that a grant whose function
 * stopped before the mail is still mailed by the next look at the order.
 */
export const CustomerMail = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'customerMail', version: '1', service: ENTITY_SERVICE },
      attributes: {
        kind: { type: MAILED_EVENT_KINDS, required: true, readOnly: true },
        eventId: { type: 'string', required: true, readOnly: true },
        uid: { type: 'string', required: true },
        status: { type: CUSTOMER_MAIL_STATUSES, required: true },
        claimedAt: { type: 'number', required: true },
        sentAt: { type: 'number' },
        attempts: { type: 'number', required: true },
        failure: { type: 'string' },
        ttl: retentionTtlAttribute,
      },
      indexes: {
        byEvent: { pk: { field: 'pk', composite: ['kind', 'eventId'] }, sk: { field: 'sk', composite: [] } },
      },
    }),
);
export type CustomerMailItem = EntityItem<ReturnType<typeof CustomerMail>>;
