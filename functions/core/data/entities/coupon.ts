import { Entity, type EntityItem } from 'electrodb';
import { CURRENCIES } from '../../../../shared/currency.ts';
import { ENTITY_SERVICE, lazyEntity } from '../entity-service.ts';
import {
  bonusQuotaAttribute,
  createdAttribute,
  retentionTtlAttribute,
  updatedAttribute,
} from './order-attributes.ts';

/**
 * Coupons (promo codes) and their rules, one partition per code: the coupon, its discounts and bonus
 * quotas per plan (the `couponRules` collection reads all three in one query) and its redemptions.
 *
 * `remainAmount` counts the coupons still free to take. A redemption takes one when an order is
 * created with the coupon (held for that order until it is paid or ends) and it becomes the usage
 * record when the order is paid; taking and giving back are conditional updates, so no number of
 * concurrent orders can take more than the coupon has.
 */
/** A coupon's row per plan, read with the coupon in one query. */
const perPlanOfCoupon = {
  collection: 'couponRules',
  pk: { field: 'pk', composite: ['couponCode'] },
  sk: { field: 'sk', composite: ['planName'] },
} as const;

export const Coupon = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'coupon', version: '1', service: ENTITY_SERVICE },
      attributes: {
        couponCode: { type: 'string', required: true, readOnly: true },
        name: { type: 'string', required: true },
        totalAmount: { type: 'number', required: true },
        remainAmount: { type: 'number', required: true },
        startedAt: { type: 'number', required: true },
        expiredAt: { type: 'number', required: true },
        description: { type: 'string', required: true, default: '' },
        createdBy: { type: 'string', readOnly: true },
        created: createdAttribute,
        updated: updatedAttribute,
      },
      indexes: {
        byCode: {
          collection: 'couponRules',
          pk: { field: 'pk', composite: ['couponCode'] },
          sk: { field: 'sk', composite: [] },
        },
        /** Every coupon in creation order: the console's list. */
        allCoupons: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: [] },
          sk: { field: 'gsi1sk', composite: ['created'] },
        },
      },
    }),
);
export type CouponItem = EntityItem<ReturnType<typeof Coupon>>;

/** A coupon's discount for one plan: the rate, and the three prices it makes (floored per currency). */
export const CouponDiscount = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'couponDiscount', version: '1', service: ENTITY_SERVICE },
      attributes: {
        couponCode: { type: 'string', required: true, readOnly: true },
        planName: { type: 'string', required: true, readOnly: true },
        rate: { type: 'number', required: true },
        priceKo: { type: 'number', required: true },
        priceJa: { type: 'number', required: true },
        priceEn: { type: 'number', required: true },
        created: createdAttribute,
      },
      indexes: { byCoupon: perPlanOfCoupon },
    }),
);
export type CouponDiscountItem = EntityItem<ReturnType<typeof CouponDiscount>>;

/** A coupon's bonus quota for one plan. */
export const CouponBonusQuota = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'couponBonusQuota', version: '1', service: ENTITY_SERVICE },
      attributes: {
        couponCode: { type: 'string', required: true, readOnly: true },
        planName: { type: 'string', required: true, readOnly: true },
        quota: { ...bonusQuotaAttribute, required: true },
        created: createdAttribute,
      },
      indexes: { byCoupon: perPlanOfCoupon },
    }),
);
export type CouponBonusQuotaItem = EntityItem<ReturnType<typeof CouponBonusQuota>>;

/**
 * One account's redemption of a coupon (one per account and code): `held` for an order in progress
 * until `heldUntil`, then `used` once that order is paid, when it carries the usage record's fields
 * (admin-console.md section 3, Coupon usage). A held redemption whose order ended or whose time ran
 * out is given back to the coupon.
 */
export const CouponRedemption = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'couponRedemption', version: '1', service: ENTITY_SERVICE },
      attributes: {
        couponCode: { type: 'string', required: true, readOnly: true },
        uid: { type: 'string', required: true, readOnly: true },
        merchantUid: { type: 'string', required: true },
        status: { type: ['held', 'used'] as const, required: true },
        heldUntil: { type: 'number', required: true },
        userName: { type: 'string' },
        userEmail: { type: 'string' },
        customerUid: { type: 'string' },
        planName: { type: 'string' },
        payMethod: { type: 'string' },
        price: { type: 'number' },
        currency: { type: CURRENCIES },
        paidAt: { type: 'number' },
        created: createdAttribute,
        updated: updatedAttribute,
        ttl: retentionTtlAttribute,
      },
      indexes: {
        byCoupon: {
          pk: { field: 'pk', composite: ['couponCode'] },
          sk: { field: 'sk', composite: ['uid'] },
        },
      },
    }),
);
export type CouponRedemptionItem = EntityItem<ReturnType<typeof CouponRedemption>>;
