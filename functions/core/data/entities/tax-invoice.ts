import { Entity, type EntityItem } from 'electrodb';
import { CURRENCIES } from '../../../../shared/currency.ts';
import { INVOICE_TIMINGS } from '../../../../shared/tax-invoices/tax-invoice-deadlines.ts';
import {
  INVOICE_DOCUMENT_KINDS,
  INVOICE_DOCUMENT_STATES,
  INVOICE_FAILURES,
  TAX_INVOICE_STATES,
} from '../../../../shared/tax-invoices/tax-invoice-rules.ts';
import { ENTITY_SERVICE, lazyEntity } from '../entity-service.ts';
import { createdAttribute, retentionTtlAttribute, updatedAttribute } from './order-attributes.ts';

/** The invoice details (세금계산서 발행 정보) as a business account gives them (shared/tax-invoices). */
const detailAttributes = {
  businessNumber: { type: 'string', required: true },
  companyName: { type: 'string', required: true },
  representative: { type: 'string', required: true },
  address: { type: 'string', required: true },
  businessType: { type: 'string', required: true },
  businessItem: { type: 'string', required: true },
  invoiceEmail: { type: 'string', required: true },
  /** An invoice per payment or one a month (shared/tax-invoices/tax-invoice-deadlines.ts). */
  timing: { type: INVOICE_TIMINGS, required: true, default: 'each' },
} as const;

/** A business account's invoice details, one per account (its presence makes the account a business one). */
export const TaxInvoiceProfile = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'taxInvoiceProfile', version: '1', service: ENTITY_SERVICE },
      attributes: {
        uid: { type: 'string', required: true, readOnly: true },
        ...detailAttributes,
        created: createdAttribute,
        updated: updatedAttribute,
      },
      indexes: {
        byUid: { pk: { field: 'pk', composite: ['uid'] }, sk: { field: 'sk', composite: [] } },
      },
    }),
);
export type TaxInvoiceProfileItem = EntityItem<ReturnType<typeof TaxInvoiceProfile>>;

/**
 * A paid order's invoice request, keyed by its merchantUid (one per order however often it is
 * confirmed), with the details as they were when it was paid. The console lists a month's requests
 * (KST, the month of the supply) by the overloaded indexes: all of them on gsi1, those in one state on
 * gsi2, oldest payment first.
 */
export const TaxInvoiceRequest = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'taxInvoiceRequest', version: '1', service: ENTITY_SERVICE },
      attributes: {
        merchantUid: { type: 'string', required: true, readOnly: true },
        uid: { type: 'string', required: true, readOnly: true },
        userEmail: { type: 'string', required: true, readOnly: true },
        /** `yyyy-MM` in Seoul. */
        month: { type: 'string', required: true, readOnly: true },
        paidAt: { type: 'number', required: true, readOnly: true, padding: { length: 15, char: '0' } },
        planName: { type: 'string', required: true, readOnly: true },
        payMethod: { type: 'string', required: true, readOnly: true },
        amount: { type: 'number', required: true, readOnly: true },
        currency: { type: CURRENCIES, required: true, readOnly: true },
        ...detailAttributes,
        state: { type: TAX_INVOICE_STATES, required: true },
        /** 공급가액 and 세액 of the amount paid (shared/tax-invoices/tax-invoice-amounts.ts); won payments only. */
        supplyCost: { type: 'number', readOnly: true },
        tax: { type: 'number', readOnly: true },
        /** The National Tax Service's approval number of the issued invoice. */
        approvalNumber: { type: 'string' },
        /** The invoice (TaxInvoice's mgtKey) that covers the payment, once one was made for it. */
        invoiceKey: { type: 'string' },
        /**
         * The payment's cancelled amount when its invoice was made: the invoice is for what was kept then,
         * so a refund recorded from this amount on calls for an amendment, one from before is in it.
         */
        invoicedCancelled: { type: 'number' },
        /** The amended invoices (and a refund's cancellation) of the payment, by mgtKey. */
        amendmentKeys: { type: 'set', items: 'string' },
        markedAt: { type: 'number' },
        markedBy: { type: 'string' },
        created: createdAttribute,
        updated: updatedAttribute,
        ttl: retentionTtlAttribute,
      },
      indexes: {
        byMerchantUid: {
          pk: { field: 'pk', composite: ['merchantUid'] },
          sk: { field: 'sk', composite: [] },
        },
        byMonth: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['month'] },
          sk: { field: 'gsi1sk', composite: ['paidAt', 'merchantUid'] },
        },
        byMonthState: {
          index: 'gsi2',
          pk: { field: 'gsi2pk', composite: ['month', 'state'] },
          sk: { field: 'gsi2sk', composite: ['paidAt', 'merchantUid'] },
        },
      },
    }),
);
export type TaxInvoiceRequestItem = EntityItem<ReturnType<typeof TaxInvoiceRequest>>;

/** An invoice line: one payment's part of an invoice (an amendment's: what the refund took off, negative). */
const lineAttributes = {
  merchantUid: { type: 'string', required: true },
  /** yyyy-MM-dd, KST: the payment's day (the refund's for an amendment). */
  date: { type: 'string', required: true },
  itemName: { type: 'string', required: true },
  supplyCost: { type: 'number', required: true },
  tax: { type: 'number', required: true },
  total: { type: 'number', required: true },
} as const;

/**
 * One invoice at Popbill (shared/tax-invoices), keyed by its document number (Popbill's MgtKey, ours to
 * choose): a payment's, a buyer's month, or the amended invoice of a refund (keyed by the refund's ledger
 * entry, so that a refund is amended once whoever finds it). `issuing` is a claim: only the run that wrote
 * it asks Popbill, and a claim older than a run can live is settled by asking Popbill what it holds under
 * the number. Open invoices (issuing, issued but not yet filed, failed) are found by state on gsi1.
 */
export const TaxInvoice = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'taxInvoice', version: '1', service: ENTITY_SERVICE },
      attributes: {
        mgtKey: { type: 'string', required: true, readOnly: true },
        kind: { type: INVOICE_DOCUMENT_KINDS, required: true },
        uid: { type: 'string', required: true, readOnly: true },
        userEmail: { type: 'string', required: true, readOnly: true },
        /** yyyy-MM-dd, KST (작성일자). */
        writeDate: { type: 'string', required: true, readOnly: true },
        /** The last day it may be issued (yyyy-MM-dd, KST). */
        deadline: { type: 'string', required: true, readOnly: true },
        ...detailAttributes,
        lines: { type: 'list', required: true, items: { type: 'map', properties: lineAttributes } },
        supplyCost: { type: 'number', required: true },
        tax: { type: 'number', required: true },
        total: { type: 'number', required: true },
        state: { type: INVOICE_DOCUMENT_STATES, required: true },
        ntsConfirmNum: { type: 'string' },
        issuedAt: { type: 'number' },
        /** Marked issued by an operator (with the number of an invoice issued elsewhere): no PDF here. */
        byHand: { type: 'boolean' },
        failure: { type: INVOICE_FAILURES },
        /** What the refusal said, as Popbill or the status check said it. */
        failureMessage: { type: 'string' },
        /** An amendment's: the invoice it amends, why (modifyCode), the refund (ledger entry id). */
        originalKey: { type: 'string', readOnly: true },
        modifyCode: { type: 'number' },
        refundEntryId: { type: 'string', readOnly: true },
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
        byMgtKey: { pk: { field: 'pk', composite: ['mgtKey'] }, sk: { field: 'sk', composite: [] } },
        byState: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['state'] },
          sk: { field: 'gsi1sk', composite: ['writeDate', 'mgtKey'] },
        },
      },
    }),
);
export type TaxInvoiceItem = EntityItem<ReturnType<typeof TaxInvoice>>;

/**
 * How far the tax documents' run has read the ledger (the KST day it read to the end): each run reads from
 * that day on, so a run after an outage still finds every refund and direct deposit it missed.
 */
export const TaxDocumentsCursor = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'taxDocumentsCursor', version: '1', service: ENTITY_SERVICE },
      attributes: {
        name: { type: 'string', required: true, readOnly: true },
        day: { type: 'string', required: true },
        updated: updatedAttribute,
      },
      indexes: {
        byName: { pk: { field: 'pk', composite: ['name'] }, sk: { field: 'sk', composite: [] } },
      },
    }),
);
