import { Entity, type EntityItem } from 'electrodb';
import {
  CASH_RECEIPT_IDENTIFIER_TYPES,
  CASH_RECEIPT_PURPOSES,
  CASH_RECEIPT_STATES,
} from '../../../../shared/cash-receipts/cash-receipt-rules.ts';
import { ENTITY_SERVICE, lazyEntity } from '../entity-service.ts';
import { createdAttribute, retentionTtlAttribute, updatedAttribute } from './order-attributes.ts';

/**
 * The cash receipt (현금영수증) of one paid order, keyed by its merchantUid (shared/cash-receipts): what the
 * provider was asked to issue and where it stands. `issuing` is a claim: only the run that wrote it calls
 * the provider, so repeated or concurrent confirmations issue once; a claim older than a run can live is
 * taken over after the provider is asked whether it issued.
 */
export const CashReceipt = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'cashReceipt', version: '1', service: ENTITY_SERVICE },
      attributes: {
        merchantUid: { type: 'string', required: true, readOnly: true },
        uid: { type: 'string', required: true, readOnly: true },
        /** The provider's payment; absent for a direct deposit's receipt (money paid outside the provider). */
        impUid: { type: 'string', readOnly: true },
        purpose: { type: CASH_RECEIPT_PURPOSES, required: true, readOnly: true },
        identifierType: { type: CASH_RECEIPT_IDENTIFIER_TYPES, required: true, readOnly: true },
        /** The identifier as the provider takes it (digits): a phone, a card or a business number. */
        identifier: { type: 'string', required: true, readOnly: true },
        type: { type: ['person', 'company'] as const, required: true, readOnly: true },
        selfIssued: { type: 'boolean', required: true, readOnly: true },
        state: { type: CASH_RECEIPT_STATES, required: true },
        /** What was issued (the provider's amount: the payment's, less what was cancelled at it). */
        amount: { type: 'number', required: true },
        /** The National Tax Service's approval number (the provider's apply_num). */
        approvalNumber: { type: 'string' },
        receiptUrl: { type: 'string' },
        issuedAt: { type: 'number' },
        /**
         * Issued through the API for sales outside PortOne, for an amount the provider never saw: what a
         * refund by bank transfer kept (functions/core/cash-receipts/cash-receipts.ts).
         */
        external: { type: 'boolean' },
        cancelledAt: { type: 'number' },
        /** Why the last attempt failed, as the provider said it. */
        failure: { type: 'string' },
        /** When the current claim was taken; attempts so far. */
        claimedAt: { type: 'number', required: true },
        attempts: { type: 'number', required: true, default: 1 },
        /** Whether an attention case about it is open (raised by the failure that made it). */
        caseOpen: { type: 'boolean', required: true, default: false },
        created: createdAttribute,
        updated: updatedAttribute,
        ttl: retentionTtlAttribute,
      },
      indexes: {
        byMerchantUid: {
          pk: { field: 'pk', composite: ['merchantUid'] },
          sk: { field: 'sk', composite: [] },
        },
      },
    }),
);
export type CashReceiptItem = EntityItem<ReturnType<typeof CashReceipt>>;
