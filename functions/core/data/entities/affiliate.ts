import { Entity, type EntityItem } from 'electrodb';
import {
  AFFILIATE_COUNTRIES,
  AFFILIATE_COUPON_TYPES,
  AFFILIATE_REWARD_CURRENCIES,
} from '../../../../shared/affiliates/affiliate.ts';
import { ENTITY_SERVICE, lazyEntity } from '../entity-service.ts';
import { createdAttribute, updatedAttribute } from './order-attributes.ts';

/**
 * An affiliate (admin-console.md section 3), named by its coupon code: the code that sign-up links
 * carry and accounts keep as their referral code.
 */
export const Affiliate = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'affiliate', version: '1', service: ENTITY_SERVICE },
      attributes: {
        couponCode: { type: 'string', required: true, readOnly: true },
        name: { type: 'string', required: true },
        countryCode: { type: AFFILIATE_COUNTRIES, required: true },
        couponType: { type: AFFILIATE_COUPON_TYPES, required: true },
        startedAt: { type: 'number', required: true },
        expiredAt: { type: 'number', required: true },
        hasSignUpReward: { type: 'boolean', required: true },
        signUpRewardCurrency: { type: AFFILIATE_REWARD_CURRENCIES },
        signUpRewardAmount: { type: 'number', required: true },
        hasPaymentShare: { type: 'boolean', required: true },
        paymentSharePercentage: { type: 'number', required: true },
        created: createdAttribute,
        updated: updatedAttribute,
      },
      indexes: {
        byCode: { pk: { field: 'pk', composite: ['couponCode'] }, sk: { field: 'sk', composite: [] } },
        /** Every affiliate: the console's list and the settlements' lookup of codes (a few hundred at most). */
        allAffiliates: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: [] },
          sk: { field: 'gsi1sk', composite: ['couponCode'] },
        },
      },
    }),
);
export type AffiliateItem = EntityItem<ReturnType<typeof Affiliate>>;
