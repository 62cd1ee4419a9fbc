import { Entity, type EntityItem } from 'electrodb';
import { CURRENCIES } from '../../../../shared/currency.ts';
import { LEDGER_KINDS } from '../../../../shared/finance/ledger.ts';
import { HAND_REFUND_MEANS } from '../../../../shared/refunds/hand-refunds.ts';
import { REFUND_SOURCES } from '../../../../shared/refunds/refund-session.ts';
import { ENTITY_SERVICE, lazyEntity } from '../entity-service.ts';

/** Instants in keys are padded, so that they sort as numbers (epoch ms has 13 digits until 2286). */
const INSTANT_PADDING = { length: 15, char: '0' } as const;

/**
 * One movement of money in the ledger (shared/finance/ledger.ts): a payment taken, written in the
 * transaction that records the Payment, or a refund given, written in the transaction that moves the
 * payment's cancelled amount. It is kept under the KST day it happened, so the finance view reads a day
 * (or a month, day after day) with a Query of the day's partition, never a scan of payments; its
 * payment's entries are also found by merchantUid (gsi1: the reconciliation compares a provider
 * payment's refunds with ours).
 *
 * `entryId` names the movement once: `payment:{merchantUid}`, or `refund:{merchantUid}:{cancelled
 * before it}` (two refunds of one payment never start from the same cancelled amount: refund-engine.ts).
 * Written with `put`, so an entry written again (the backfill, a retried step) is the same item.
 */
export const LedgerEntry = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'ledgerEntry', version: '1', service: ENTITY_SERVICE },
      attributes: {
        entryId: { type: 'string', required: true, readOnly: true },
        kind: { type: LEDGER_KINDS, required: true, readOnly: true },
        /** The KST day of `at` (yyyy-MM-dd). */
        day: { type: 'string', required: true, readOnly: true },
        at: { type: 'number', required: true, readOnly: true, padding: INSTANT_PADDING },
        merchantUid: { type: 'string', required: true, readOnly: true },
        uid: { type: 'string', required: true, readOnly: true },
        /** Positive, in `currency`: what the payment took, or what the refund gave back. */
        amount: { type: 'number', required: true, readOnly: true },
        currency: { type: CURRENCIES, required: true, readOnly: true },
        payMethod: { type: 'string', required: true, readOnly: true },
        pg: { type: 'string', required: true, readOnly: true },
        planName: { type: 'string', required: true, readOnly: true },
        paymentType: { type: 'string', required: true, readOnly: true },
        /** Where a refund sent the money: the provider, the wallet, or a bank transfer from the product account. */
        refundSource: { type: REFUND_SOURCES, readOnly: true },
        impUid: { type: 'string', readOnly: true },
        walletPaymentId: { type: 'string', readOnly: true },
        isTest: { type: 'boolean', required: true, readOnly: true },
        /**
         * A refund recorded before the ledger existed: its time is unknown, so it is kept on its payment's
         * time (see functions/core/finance/finance-backfill.ts).
         */
        timeEstimated: { type: 'boolean', readOnly: true },
        /** A refund by bank transfer: the bank's reference of the transfer (the entry is written when it is paid). */
        transferReference: { type: 'string', readOnly: true },
        /** A refund returned by hand outside the provider: how the operator paid it (hand-refunds.ts). */
        paidVia: { type: HAND_REFUND_MEANS, readOnly: true },
      },
      indexes: {
        /** A day's movements in time order: the finance view and the daily reconciliation. */
        byDay: {
          pk: { field: 'pk', composite: ['day'] },
          sk: { field: 'sk', composite: ['at', 'entryId'] },
        },
        /** A payment's movements (its payment and its refunds) in time order. */
        byMerchantUid: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['merchantUid'] },
          sk: { field: 'gsi1sk', composite: ['at', 'entryId'] },
        },
      },
    }),
);
export type LedgerEntryItem = EntityItem<ReturnType<typeof LedgerEntry>>;

/**
 * A discrepancy the daily reconciliation found and listed (functions/core/finance/reconciliation.ts),
 * kept after its attention case ends: a later run that finds it again (a re-run of the day, a duplicate
 * delivery, the day its refund falls on) lists nothing more, even once an operator dismissed the case.
 */
export const ReconciliationFinding = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'reconciliationFinding', version: '1', service: ENTITY_SERVICE },
      attributes: {
        /** The attention case it raised (attentionCaseId). */
        caseId: { type: 'string', required: true, readOnly: true },
        /** The KST day whose run found it. */
        day: { type: 'string', required: true, readOnly: true },
        foundAt: { type: 'number', required: true, readOnly: true },
      },
      indexes: {
        byCase: { pk: { field: 'pk', composite: ['caseId'] }, sk: { field: 'sk', composite: [] } },
      },
    }),
);
