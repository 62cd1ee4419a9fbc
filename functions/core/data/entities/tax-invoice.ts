import { Entity, type EntityItem } from 'electrodb';
import { CURRENCIES } from '../../../../shared/currency.ts';
import { TAX_INVOICE_STATES } from '../../../../shared/tax-invoices/tax-invoice-rules.ts';
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
        /** The National Tax Service's approval number of the issued invoice. */
        approvalNumber: { type: 'string' },
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
