import { Entity, type EntityItem } from 'electrodb';
import { CURRENCIES } from '../../../../shared/currency.ts';
import { normalizeEmail } from '../../../../shared/identity/account-rules.ts';
import { PAYMENT_STATUSES } from '../../../../shared/payments/payment-codes.ts';
import { ENTITY_SERVICE, lazyEntity } from '../entity-service.ts';
import { searchShard } from '../search-keys.ts';
import { createdAttribute, retentionTtlAttribute } from './order-attributes.ts';

/** A payment's payer e-mail search keys (hidden: no read returns them, see list-page.ts). */
export function payerEmailKeys(userEmail: unknown): { payerEmailKey: string; payerEmailShard: string } {
  const payerEmailKey = normalizeEmail(String(userEmail ?? ''));
  return { payerEmailKey, payerEmailShard: searchShard(payerEmailKey) };
}

/**
 * A payment taken (admin-console.md section 3, Payment): one per merchantUid, written once, in the
 * transaction that grants its plan. Renewals, upgrades, erasers and refunds add their own payments
 * (their own merchantUids) and update `status` and `cancelledAmount` when money goes back.
 */
export const Payment = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'payment', version: '1', service: ENTITY_SERVICE },
      attributes: {
        merchantUid: { type: 'string', required: true, readOnly: true },
        uid: { type: 'string', required: true, readOnly: true },
        /** The provider's payment id; absent for wallet payments (see walletPaymentId). */
        impUid: { type: 'string', readOnly: true },
        walletPaymentId: { type: 'string', readOnly: true },
        paidAt: { type: 'number', required: true, readOnly: true },
        planName: { type: 'string', required: true, readOnly: true },
        payMethod: { type: 'string', required: true, readOnly: true },
        pg: { type: 'string', required: true, readOnly: true },
        /** The amount charged, in `currency`. */
        price: { type: 'number', required: true, readOnly: true },
        currency: { type: CURRENCIES, required: true, readOnly: true },
        userName: { type: 'string', required: true, readOnly: true },
        userEmail: { type: 'string', required: true, readOnly: true },
        userPhone: { type: 'string', required: true, readOnly: true },
        status: { type: PAYMENT_STATUSES, required: true },
        cancelledAmount: { type: 'number', required: true, default: 0 },
        customerUid: { type: 'string', readOnly: true },
        /** One of shared/payments/payment-codes.ts PAYMENT_TYPES (kept a string: older items hold others). */
        paymentType: { type: 'string', required: true, readOnly: true },
        isTest: { type: 'boolean', required: true, readOnly: true },
        couponCode: { type: 'string', readOnly: true },
        receiptUrl: { type: 'string', readOnly: true },
        created: createdAttribute,
        ttl: retentionTtlAttribute,
        /**
         * The payment search's keys (admin-console.md userPayment), computed from the payer's address
         * whoever writes the payment (the grant, renewals, upgrades), so every payment is searchable.
         */
        payerEmailKey: {
          type: 'string',
          hidden: true,
          readOnly: true,
          watch: ['userEmail'],
          set: (_, item) => payerEmailKeys(item.userEmail).payerEmailKey,
        },
        payerEmailShard: {
          type: 'string',
          hidden: true,
          readOnly: true,
          watch: ['userEmail'],
          set: (_, item) => payerEmailKeys(item.userEmail).payerEmailShard,
        },
      },
      indexes: {
        byMerchantUid: {
          pk: { field: 'pk', composite: ['merchantUid'] },
          sk: { field: 'sk', composite: [] },
        },
        /** A user's payments in time order (the console's user detail, receipts, refunds). */
        byUser: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['uid'] },
          sk: { field: 'gsi1sk', composite: ['paidAt'] },
        },
        /** Payments by the payer's e-mail, exact or a prefix, within the partition of its first character. */
        byPayerEmail: {
          index: 'gsi2',
          pk: { field: 'gsi2pk', composite: ['payerEmailShard'] },
          sk: { field: 'gsi2sk', composite: ['payerEmailKey', 'paidAt'] },
        },
        /** Payments by the payer's phone (E.164) in time order. */
        byPayerPhone: {
          index: 'gsi3',
          pk: { field: 'gsi3pk', composite: ['userPhone'] },
          sk: { field: 'gsi3sk', composite: ['paidAt'] },
        },
      },
    }),
);
export type PaymentItem = EntityItem<ReturnType<typeof Payment>>;
