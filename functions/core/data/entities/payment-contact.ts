import { Entity } from 'electrodb';
import { ENTITY_SERVICE, lazyEntity } from '../entity-service.ts';
import { updatedAttribute } from './order-attributes.ts';

/** A user's payment contact (admin-console.md: PaymentContactInfo): the last one an order was paid with. */
export const PaymentContact = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'paymentContact', version: '1', service: ENTITY_SERVICE },
      attributes: {
        uid: { type: 'string', required: true, readOnly: true },
        contactName: { type: 'string', required: true },
        contactEmail: { type: 'string', required: true },
        /** E.164. */
        contactPhoneNumber: { type: 'string', required: true },
        updated: updatedAttribute,
      },
      indexes: {
        byUser: { pk: { field: 'pk', composite: ['uid'] }, sk: { field: 'sk', composite: [] } },
      },
    }),
);

/**
 * Which account last paid with a phone number (E.164): the order page warns when the number it is
 * given already belongs to another account's payments (find-payment-info-by-phone-number).
 */
export const PaymentPhone = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'paymentPhone', version: '1', service: ENTITY_SERVICE },
      attributes: {
        phoneNumber: { type: 'string', required: true, readOnly: true },
        uid: { type: 'string', required: true },
        email: { type: 'string', required: true },
        updated: updatedAttribute,
      },
      indexes: {
        byPhone: { pk: { field: 'pk', composite: ['phoneNumber'] }, sk: { field: 'sk', composite: [] } },
      },
    }),
);
