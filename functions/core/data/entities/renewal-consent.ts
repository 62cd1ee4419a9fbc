import { Entity, type EntityItem } from 'electrodb';
import { CURRENCIES } from '../../../../shared/currency.ts';
import { PLAN_PERIODS, PLAN_TYPES } from '../../../../shared/plans/plan-types.ts';
import {
  CONSENT_CHANNELS,
  CONSENT_STATUSES,
  PRICE_RISE_REASONS,
} from '../../../../shared/subscriptions/renewal-consent.ts';
import { ENTITY_SERVICE, lazyEntity } from '../entity-service.ts';

/**
 * The customer's consent to a renewal that costs more than the last charge (shared/subscriptions/
 * renewal-consent.ts): one item per plan and period, asked for one amount (asked again, and answered
 * afresh, if that amount changes). When and where it was given, and when and where declined or
 * withdrawn, stay on the item: the record of the contract's change, kept five years after the renewal
 * it was asked for (전자상거래법 시행령 제6조: records of contracts), then purged by `ttl`.
 */
export const RenewalConsent = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'renewalConsent', version: '1', service: ENTITY_SERVICE },
      attributes: {
        uid: { type: 'string', required: true, readOnly: true },
        planId: { type: 'string', required: true, readOnly: true },
        /** The expiry of the period whose renewal costs more: when the renewal is due. */
        periodEnd: { type: 'number', required: true, readOnly: true },
        planName: { type: 'string', required: true },
        planType: { type: PLAN_TYPES, required: true },
        period: { type: PLAN_PERIODS, required: true },
        currency: { type: CURRENCIES, required: true },
        /** The last charge, and the higher amount the renewal charges with the consent. */
        lastCharge: { type: 'number', required: true },
        amount: { type: 'number', required: true },
        reason: { type: PRICE_RISE_REASONS, required: true },
        askedAt: { type: 'number', required: true },
        status: { type: CONSENT_STATUSES, required: true },
        consentedAt: { type: 'number' },
        consentedVia: { type: CONSENT_CHANNELS },
        declinedAt: { type: 'number' },
        declinedVia: { type: CONSENT_CHANNELS },
        /** Epoch seconds: five years after the renewal (TABLE_DESIGN.timeToLiveAttribute). */
        ttl: { type: 'number', required: true },
      },
      indexes: {
        byPeriod: {
          pk: { field: 'pk', composite: ['uid'] },
          sk: { field: 'sk', composite: ['planId', 'periodEnd'] },
        },
      },
    }),
);
export type RenewalConsentItem = EntityItem<ReturnType<typeof RenewalConsent>>;
