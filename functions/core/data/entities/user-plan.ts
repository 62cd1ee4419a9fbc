import { Entity, type EntityItem } from 'electrodb';
import { CURRENCIES } from '../../../../shared/currency.ts';
import { PLAN_STATUSES, type PlanStatus } from '../../../../shared/payments/payment-codes.ts';
import { PLAN_PERIODS, PLAN_TYPES, SUBSCRIPTION_PERIODS } from '../../../../shared/plans/plan-types.ts';
import { ENTITY_SERVICE, lazyEntity } from '../entity-service.ts';
import {
  bonusQuotaAttribute,
  createdAttribute,
  retentionTtlAttribute,
  updatedAttribute,
} from './order-attributes.ts';

/**
 * A plan a user holds (site-and-payments.md section 3, user plan info; admin-console.md Plan): one item
 * per purchase, named by the merchantUid of the payment that bought it (`planId`). A renewal moves
 * paidAt and expiredAt forward on the same item (and, with a change scheduled for it, moves the item to
 * the new plan, period and price); an upgrade or a new purchase adds a new item. The
 * user's current plan is the newest one (byUserTime), valid while not expired (admin-console.md
 * section 4: otherwise FREE).
 *
 * planStatus: PAID, a subscription that renews; UNSCHEDULED, nothing scheduled (a fixed-term pass,
 * or a subscription whose renewal was cancelled), it simply ends at expiredAt; HOLD, suspended (a
 * renewal could not be charged).
 * The limits are the plan type's monthly quotas plus the coupon's bonus quota, fixed at purchase so
 * that a later catalogue change does not alter what was sold; STT in seconds, storage in bytes.
 */
export { PLAN_STATUSES, type PlanStatus };

export const UserPlan = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'userPlan', version: '1', service: ENTITY_SERVICE },
      attributes: {
        uid: { type: 'string', required: true, readOnly: true },
        planId: { type: 'string', required: true, readOnly: true },
        planName: { type: 'string', required: true },
        planType: { type: PLAN_TYPES, required: true },
        period: { type: PLAN_PERIODS, required: true },
        isSubscription: { type: 'boolean', required: true },
        /** The price book the plan came from (its price at renewal is looked up there). */
        catalogue: { type: 'string', required: true },
        paidAt: { type: 'number', required: true },
        /** Padded in keys, so that the byExpiry index sorts it as a number. */
        expiredAt: { type: 'number', required: true, padding: { length: 15, char: '0' } },
        planStatus: { type: PLAN_STATUSES, required: true },
        customerUid: { type: 'string' },
        /** The wallet's recurring registration a wallet subscription renews on. */
        recurrentId: { type: 'string' },
        /** The amount of the last payment, in `currency`, and its merchantUid (what paid the current period). */
        price: { type: 'number', required: true },
        paidMerchantUid: { type: 'string' },
        /** What the next renewal will charge (the final price before any test mapping). */
        scheduledPrice: { type: 'number' },
        /**
         * The change of plan the customer (or finance for them) scheduled for the next renewal
         * (shared/subscriptions/plan-change.ts): the renewal charges its amount and grants its plan.
         */
        planChange: {
          type: 'map',
          properties: {
            changeId: { type: 'string', required: true },
            planName: { type: 'string', required: true },
            planType: { type: PLAN_TYPES, required: true },
            period: { type: SUBSCRIPTION_PERIODS, required: true },
            catalogue: { type: 'string', required: true },
            amount: { type: 'number', required: true },
            scheduledAt: { type: 'number', required: true },
            /** Who scheduled it: the account holder, or the operator's e-mail. */
            scheduledBy: { type: 'string', required: true },
          },
        },
        /**
         * The expiry of the period whose renewal has begun (its first order made, in the transaction that
         * made it): from then on the scheduled change of that period is fixed, so that a renewal applies
         * the change it charged for, whole, or none.
         */
        renewalBegunFor: { type: 'number' },
        payMethod: { type: 'string', required: true },
        pg: { type: 'string', required: true },
        currency: { type: CURRENCIES, required: true },
        sttLimit: { type: 'number', required: true },
        ttsLimit: { type: 'number', required: true },
        translateLimit: { type: 'number', required: true },
        genimageLimit: { type: 'number', required: true },
        cloudStorageLimit: { type: 'number', required: true },
        userTTSSpeakerLimit: { type: 'number', required: true },
        couponCode: { type: 'string' },
        bonusQuota: bonusQuotaAttribute,
        isTest: { type: 'boolean', required: true },
        /** The plan an upgrade replaced with this one (a change of plan, not a new subscriber). */
        upgradedFrom: { type: 'string', readOnly: true },
        /** The plan an upgrade replaced this one with (it ended as a change of plan, not a loss). */
        replacedBy: { type: 'string' },
        created: createdAttribute,
        updated: updatedAttribute,
        ttl: retentionTtlAttribute,
      },
      indexes: {
        byPlan: {
          pk: { field: 'pk', composite: ['uid'] },
          sk: { field: 'sk', composite: ['planId'] },
        },
        /** A user's plans in purchase order: the last is the current one. */
        byUserTime: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['uid'] },
          sk: { field: 'gsi1sk', composite: ['created'] },
        },
        /**
         * Every plan by when it ends (the revenue page: the subscriptions running in a range are those
         * ending after its start). One partition: plans are written a few times a month each (a grant, a
         * renewal, a refund), far below a partition's write rate. A renewal, refund or upgrade that moves
         * expiredAt moves the sort key with it (ElectroDB rewrites gsi2sk); plans written before the index
         * existed get their keys from the finance backfill (functions/core/finance/finance-backfill.ts).
         */
        byExpiry: {
          index: 'gsi2',
          pk: { field: 'gsi2pk', composite: [] },
          sk: { field: 'gsi2sk', composite: ['expiredAt'] },
        },
      },
    }),
);
export type UserPlanItem = EntityItem<ReturnType<typeof UserPlan>>;

/**
 * The head of a user's plan history: which plan is current and until when, and a version that every
 * change of the user's plans (a grant, a renewal, an upgrade, a refund) moves on by one, on the
 * condition that it is still the version the change read. Two changes racing for one user (two
 * different orders paid in the same instant, a renewal crossing an upgrade) therefore cannot both
 * succeed on stale knowledge: the loser reads again.
 */
export const UserPlanHead = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'userPlanHead', version: '1', service: ENTITY_SERVICE },
      attributes: {
        uid: { type: 'string', required: true, readOnly: true },
        version: { type: 'number', required: true },
        currentPlanId: { type: 'string', required: true },
        currentExpiredAt: { type: 'number', required: true },
        updated: updatedAttribute,
        ttl: retentionTtlAttribute,
      },
      indexes: {
        byUser: { pk: { field: 'pk', composite: ['uid'] }, sk: { field: 'sk', composite: [] } },
      },
    }),
);
export type UserPlanHeadItem = EntityItem<ReturnType<typeof UserPlanHead>>;
