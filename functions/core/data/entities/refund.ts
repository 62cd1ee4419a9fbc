import { Entity, type EntityItem } from 'electrodb';
import { REFUND_SOURCES } from '../../../../shared/refunds/refund-session.ts';
import { ENTITY_SERVICE, lazyEntity } from '../entity-service.ts';
import { createdAttribute, retentionTtlAttribute } from './order-attributes.ts';

export const REFUND_STATUSES = ['started', 'made', 'refused'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * A refund of a plan's payment, written before any money moves (functions/core/refunds/refund-engine.ts):
 * what the product set out to do, so that wherever the refunding function stops, the next attempt (the
 * customer's or operator's retry, the refund's re-check) finishes this refund, and no other, exactly once.
 * Keyed by the payment and its step (the cancelled amount the refund was computed on): one refund per
 * step, so that two requests computed on the same figures make one refund. `started` while the money
 * may be on its way, `made` once it went back its way and the payment, plan and ledger say so (in the
 * transaction that moves the payment), `refused` when the provider refused it (the step is free again).
 */
export const Refund = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'refund', version: '1', service: ENTITY_SERVICE },
      attributes: {
        merchantUid: { type: 'string', required: true, readOnly: true },
        step: { type: 'number', required: true, readOnly: true },
        uid: { type: 'string', required: true, readOnly: true },
        planId: { type: 'string', required: true, readOnly: true },
        /** The plan's end as the refund was computed: the period whose renewals the refund cancels. */
        planExpiredAt: { type: 'number', required: true, readOnly: true },
        amount: { type: 'number', required: true, readOnly: true },
        currency: { type: 'string', required: true, readOnly: true },
        source: { type: REFUND_SOURCES, required: true, readOnly: true },
        /** Owed by bank transfer from the product's account (an operator pays it, refund-transfers.ts). */
        transfer: { type: 'boolean', required: true, readOnly: true },
        /** What the payment could still return when the refund was computed: the provider's checksum. */
        refundable: { type: 'number', required: true, readOnly: true },
        reason: { type: 'string', required: true, readOnly: true },
        /** 'user', or the operator's e-mail. */
        requestedBy: { type: 'string', required: true, readOnly: true },
        operatorUid: { type: 'string', readOnly: true },
        /** The request that started it (a refund session, or the console's refund dialog). */
        requestKey: { type: 'string', required: true, readOnly: true },
        /**
         * The customer's bank account, where the way needs one: kept only while the refund is under way
         * (a transfer's moves to its attention case when the refund is made).
         */
        refundAccount: {
          type: 'map',
          properties: {
            bankCode: { type: 'string', required: true },
            accountNumber: { type: 'string', required: true },
            holder: { type: 'string', required: true },
          },
        },
        /** A bank transfer's account as the customer may be shown it (masked), kept for the answer. */
        transferTo: {
          type: 'map',
          properties: {
            bankCode: { type: 'string', required: true },
            holder: { type: 'string', required: true },
            accountMasked: { type: 'string', required: true },
          },
        },
        status: { type: REFUND_STATUSES, required: true },
        /** When the plan ended (made). */
        endedAt: { type: 'number' },
        madeAt: { type: 'number' },
        /** The provider's refusal (refused): the catalogue's error code and its words. */
        refusalCode: { type: 'string' },
        refusalMessage: { type: 'string' },
        refusalDetails: { type: 'string' },
        /** When what follows a made refund (receipt, renewals, mail) was done: nothing is left to re-check. */
        settledAt: { type: 'number' },
        created: createdAttribute,
        ttl: retentionTtlAttribute,
      },
      indexes: {
        byPaymentStep: {
          pk: { field: 'pk', composite: ['merchantUid'] },
          sk: { field: 'sk', composite: ['step'] },
        },
      },
    }),
);
export type RefundItem = EntityItem<ReturnType<typeof Refund>>;

/**
 * Which refund a request started (its key: the customer's refund session, or the console's refund
 * dialog), so that the same request pressed again answers that refund instead of starting another.
 */
export const RefundRequest = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'refundRequest', version: '1', service: ENTITY_SERVICE },
      attributes: {
        requestKey: { type: 'string', required: true, readOnly: true },
        merchantUid: { type: 'string', required: true },
        step: { type: 'number', required: true },
        created: createdAttribute,
        ttl: { type: 'number', required: true },
      },
      indexes: {
        byRequest: { pk: { field: 'pk', composite: ['requestKey'] }, sk: { field: 'sk', composite: [] } },
      },
    }),
);
export type RefundRequestItem = EntityItem<ReturnType<typeof RefundRequest>>;
