import { Entity, type EntityItem } from 'electrodb';
import {
  CASH_RECEIPT_IDENTIFIER_TYPES,
  CASH_RECEIPT_PURPOSES,
} from '../../../../shared/cash-receipts/cash-receipt-rules.ts';
import { CURRENCIES } from '../../../../shared/currency.ts';
import { CLIENT_TYPES } from '../../../../shared/identity/client-types.ts';
import { SITE_LANGUAGES } from '../../../../shared/languages.ts';
import {
  ORDER_PAYMENT_TYPES,
  ORDER_STATUSES,
  type OrderPaymentType,
  type OrderStatus,
} from '../../../../shared/payments/payment-codes.ts';
import { PLAN_PERIODS, PLAN_TYPES } from '../../../../shared/plans/plan-types.ts';
import { METERED_USAGE_TYPES } from '../../../../shared/usage/usage-rules.ts';
import { ENTITY_SERVICE, lazyEntity } from '../entity-service.ts';
import { nameSearchKey, searchShard } from '../search-keys.ts';
import {
  bonusQuotaAttribute,
  createdAttribute,
  retentionTtlAttribute,
  updatedAttribute,
} from './order-attributes.ts';

/**
 * A merchant order (the specification's payment progress info): what one checkout is for, at the
 * amount the server accepted, keyed by the merchantUid the provider is given. Its status moves one way:
 *
 *   created -> charging (a billing-key or wallet charge under way) -> paid | failed
 *   created -> vbank_issued -> paid | failed
 *   created -> paid | failed | refunded | refund_required
 *   failed -> paid (the provider may still report a later attempt on the same order as paid)
 *
 * The move to paid happens in the same transaction as the grant (plan, payment, coupon usage), on the
 * condition that the order is not paid yet: that is what makes confirmation exactly-once.
 * refunded: the provider took a payment we could not accept (wrong amount, a second order for the same
 * account) and it was cancelled at once; refund_required: the same, but the money could not be returned
 * automatically (a deposited virtual account needs the customer's bank account): an operator acts.
 *
 * What an order buys is its paymentType: a fixed-term pass (oneoff) or a subscription's first payment
 * (regular) grant a new plan; a renewal extends the plan `planId`; an upgrade replaces it with a new
 * plan; an eraser sets one of this month's counters (`usageType`) back to zero. Renewals are made by the
 * server, not from a payment session: they have no guid.
 */
export const PAYMENT_TYPES = ORDER_PAYMENT_TYPES;
export type PaymentType = OrderPaymentType;
export { ORDER_STATUSES, type OrderStatus };

export const PaymentOrder = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'paymentOrder', version: '1', service: ENTITY_SERVICE },
      attributes: {
        merchantUid: { type: 'string', required: true, readOnly: true },
        guid: { type: 'string', readOnly: true },
        uid: { type: 'string', required: true, readOnly: true },
        cid: { type: 'string' },
        clientType: { type: CLIENT_TYPES, required: true, readOnly: true },
        language: { type: SITE_LANGUAGES, required: true, readOnly: true },
        paymentType: { type: PAYMENT_TYPES, required: true, readOnly: true },
        /** The plan a renewal extends or an upgrade replaces, and its expiry when the order was made. */
        planId: { type: 'string', readOnly: true },
        planExpiredAt: { type: 'number', readOnly: true },
        /** A renewal's attempt: 0 on the due date, then the retries. */
        renewalAttempt: { type: 'number', readOnly: true },
        /** The change of plan a renewal applies (its plan, period and price are the order's own). */
        planChangeId: { type: 'string', readOnly: true },
        /** An upgrade's credit for the unused part of the plan it replaces (planUpgradeData.refundAmount). */
        credit: { type: 'number', readOnly: true },
        /** The counter an eraser sets back to zero. */
        usageType: { type: METERED_USAGE_TYPES, readOnly: true },
        planName: { type: 'string', required: true, readOnly: true },
        planType: { type: PLAN_TYPES, required: true, readOnly: true },
        period: { type: PLAN_PERIODS, required: true, readOnly: true },
        catalogue: { type: 'string', required: true, readOnly: true },
        currency: { type: CURRENCIES, required: true, readOnly: true },
        payMethod: { type: 'string', required: true, readOnly: true },
        pg: { type: 'string', required: true, readOnly: true },
        listPrice: { type: 'number', required: true, readOnly: true },
        /** The price the customer agreed to (after discount, before the test mapping). */
        finalPrice: { type: 'number', required: true, readOnly: true },
        /** What the provider must report as paid: the final price, or its test-range image. */
        amount: { type: 'number', required: true, readOnly: true },
        /** A subscription's price at renewal: without the coupon (which is for the first period). */
        renewalPrice: { type: 'number', readOnly: true },
        isTest: { type: 'boolean', required: true, readOnly: true },
        couponCode: { type: 'string', readOnly: true },
        /** The preregistration rate the price took (its best discount); the grant marks the coupon used. */
        preregistrationPercent: { type: 'number', readOnly: true },
        /** The coupon's bonus quota for the plan, added to the plan's limits at the grant. */
        bonusQuota: { ...bonusQuotaAttribute, readOnly: true },
        /** The billing key a subscription's checkout issues (server-made, never the browser's). */
        customerUid: { type: 'string', readOnly: true },
        userName: { type: 'string', required: true, readOnly: true },
        userEmail: { type: 'string', required: true, readOnly: true },
        userPhone: { type: 'string', required: true, readOnly: true },
        /**
         * The customer's address when they ordered: Paymentwall takes a charge on a billing key only with
         * the buyer's browser IP (browser_ip), a renewal's the one its subscription was bought from.
         */
        buyerIp: { type: 'string', readOnly: true },
        /** The buyer's cash receipt choice (현금영수증), for a payment that asks it (shared/cash-receipts). */
        cashReceipt: {
          type: 'map',
          readOnly: true,
          properties: {
            purpose: { type: CASH_RECEIPT_PURPOSES, required: true },
            identifierType: { type: CASH_RECEIPT_IDENTIFIER_TYPES },
            identifier: { type: 'string' },
          },
        },
        status: { type: ORDER_STATUSES, required: true, default: 'created' },
        impUid: { type: 'string' },
        paidAt: { type: 'number' },
        /** Why the order did not end paid: a server error type (PORTONE_FAILED, INCONSISTENCY, ...). */
        failureType: { type: 'string' },
        /** The card company's code of a decline (e.g. CC01). */
        failureCode: { type: 'string' },
        failureMessage: { type: 'string' },
        /**
         * Why a refund_required order's money could not be returned by itself (the provider or the
         * wallet refused): an operator returns it. Absent while the return may still be made, which the
         * next look at the order (a retry, the notification, the re-check) then does.
         */
        returnRefused: { type: 'string' },
        vbankName: { type: 'string' },
        vbankNum: { type: 'string' },
        vbankHolder: { type: 'string' },
        vbankDueDate: { type: 'number' },
        smsSentAt: { type: 'number' },
        /** When the customer was told by mail that this (renewal) payment failed. */
        noticeSentAt: { type: 'number' },
        /** The wallet: the registration reserved for this order, the recurring id it gave, the charge. */
        reserveId: { type: 'string' },
        recurrentId: { type: 'string' },
        walletPaymentId: { type: 'string' },
        created: createdAttribute,
        updated: updatedAttribute,
        ttl: retentionTtlAttribute,
        /** The payment search's key of the payer's name (search-keys.ts), and its partition. */
        payerNameKey: {
          type: 'string',
          hidden: true,
          readOnly: true,
          watch: ['userName'],
          set: (_, item) => nameSearchKey(String(item.userName ?? '')),
        },
        payerNameShard: {
          type: 'string',
          hidden: true,
          readOnly: true,
          watch: ['userName'],
          set: (_, item) => searchShard(nameSearchKey(String(item.userName ?? ''))),
        },
      },
      indexes: {
        byMerchantUid: {
          pk: { field: 'pk', composite: ['merchantUid'] },
          sk: { field: 'sk', composite: [] },
        },
        /** A user's orders in time order (the console, and the one-active-plan rule). */
        byUser: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['uid'] },
          sk: { field: 'gsi1sk', composite: ['created'] },
        },
        /**
         * The orders placed from a client (app install or browser); only orders that name one. The sort key
         * has no composite: an order without a cid then gives none of the index's composites, which keeps
         * it out of the index (ElectroDB refuses a write giving only part of a conditional index's).
         */
        byCid: {
          index: 'gsi2',
          condition: (composite) => Boolean(composite.cid),
          pk: { field: 'gsi2pk', composite: ['cid'] },
          sk: { field: 'gsi2sk', composite: [] },
        },
        /** Orders by the payer's name, exact or a prefix, within the partition of its first character. */
        byPayerName: {
          index: 'gsi3',
          pk: { field: 'gsi3pk', composite: ['payerNameShard'] },
          sk: { field: 'gsi3sk', composite: ['payerNameKey', 'created'] },
        },
      },
    }),
);
export type PaymentOrderItem = EntityItem<ReturnType<typeof PaymentOrder>>;
