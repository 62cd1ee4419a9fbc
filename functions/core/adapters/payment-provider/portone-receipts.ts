import * as z from 'zod';
import type { CashReceiptIdentifierType } from '../../../../shared/cash-receipts/cash-receipt-rules.ts';
import { requiredEnvironment } from '../../settings.ts';
import { authorized, PaymentProviderError } from './portone.ts';

/**
 * PortOne v1's cash receipt API for payments made through it (developers.portone.io,
 * src/schema/v1.openapi.yml, tag `receipts`; the public clients iamport-rest-client-java `ReceiptData`
 * and iamport-rest-client-php `example/receipt/issue.php` send the same fields):
 * - POST /receipts/{imp_uid} issues one for a paid cash payment (virtual account, transfer) with
 *   `identifier`, `identifier_type`, `type` (person / company) and the buyer's fields; the amount is the
 *   payment's, "for a partly cancelled payment what is left"; refused (400) when a field is missing, the
 *   payment is not paid or a receipt is already issued, 500 when the PG fails, 501 for a PG without it;
 * - GET /receipts/{imp_uid} answers the issued receipt, 404 when none was issued;
 * - DELETE /receipts/{imp_uid} cancels it, 400 when none was issued through PortOne.
 * Answers carry the ReceiptAnnotation: `apply_num` (the NTS approval number), `amount`, `vat`,
 * `receipt_url`, `applied_at` and `cancelled_at` (Unix seconds).
 */
export const ReceiptWire = z.looseObject({
  imp_uid: z.string(),
  receipt_tid: z.string().nullable().optional(),
  apply_num: z.string(),
  type: z.string(),
  amount: z.number(),
  vat: z.number(),
  receipt_url: z.string().nullable().optional(),
  applied_at: z.number(),
  cancelled_at: z.number().nullable().optional(),
});
export type ReceiptWire = z.infer<typeof ReceiptWire>;

export interface ProviderReceipt {
  impUid: string;
  approvalNumber: string;
  amount: number;
  receiptUrl: string | undefined;
  issuedAt: number;
  /** Set once cancelled. */
  cancelledAt: number | undefined;
}

function toReceipt(wire: ReceiptWire): ProviderReceipt {
  return {
    impUid: wire.imp_uid,
    approvalNumber: wire.apply_num,
    amount: wire.amount,
    receiptUrl: wire.receipt_url ?? undefined,
    issuedAt: wire.applied_at * 1000,
    cancelledAt: wire.cancelled_at ? wire.cancelled_at * 1000 : undefined,
  };
}

const path = (impUid: string) => `/receipts/${encodeURIComponent(impUid)}`;

/** Who a receipt is issued to, as both issuing operations take it. */
export interface ReceiptHolder {
  identifier: string;
  identifierType: CashReceiptIdentifierType;
  type: 'person' | 'company';
  buyer: { name: string; email: string; tel: string };
}

const holderFields = (holder: ReceiptHolder) => ({
  identifier: holder.identifier,
  identifier_type: holder.identifierType,
  type: holder.type,
  buyer_name: holder.buyer.name,
  buyer_email: holder.buyer.email,
  buyer_tel: holder.buyer.tel,
});

export async function issueReceipt(input: ReceiptHolder & { impUid: string }): Promise<ProviderReceipt> {
  const wire = await authorized(`POST ${path(input.impUid)}`, ReceiptWire, holderFields(input));
  if (!wire) throw new PaymentProviderError('receipt: no such payment', undefined, 404);
  return toReceipt(wire);
}

/** The receipt issued for a payment, or null when none was. */
export async function getReceipt(impUid: string): Promise<ProviderReceipt | null> {
  const wire = await authorized(`GET ${path(impUid)}`, ReceiptWire);
  return wire ? toReceipt(wire) : null;
}

export async function revokeReceipt(impUid: string): Promise<ProviderReceipt | null> {
  const wire = await authorized(`DELETE ${path(impUid)}`, ReceiptWire);
  return wire ? toReceipt(wire) : null;
}

/**
 * A cash receipt for a cash sale made outside PortOne (`POST /receipts/external/{merchant_uid}`,
 * issueExternalReceipt; served for html5_inicis among others): the amount is ours to name, on the channel
 * we name (`channel_key` required). The product issues one where the provider's own receipt cannot follow:
 * a cash payment refunded in part by bank transfer keeps an amount the provider never saw (issue 30). The
 * order number is the cash sale's own, as the schema asks, for the PG's reconciliation.
 */
export async function issueExternalReceipt(
  input: ReceiptHolder & { merchantUid: string; name: string; amount: number },
): Promise<ProviderReceipt> {
  const wire = await authorized(`POST ${externalPath(input.merchantUid)}`, ReceiptWire, {
    channel_key: requiredEnvironment('PORTONE_RECEIPT_CHANNEL_KEY'),
    name: input.name,
    amount: input.amount,
    ...holderFields(input),
  });
  if (!wire) throw new PaymentProviderError('external receipt: no answer', undefined, 404);
  return toReceipt(wire);
}

/** Cancels a receipt issued for a sale outside PortOne; null when none was issued. */
export async function revokeExternalReceipt(merchantUid: string): Promise<ProviderReceipt | null> {
  const wire = await authorized(`DELETE ${externalPath(merchantUid)}`, ReceiptWire);
  return wire ? toReceipt(wire) : null;
}

const externalPath = (merchantUid: string) => `/receipts/external/${encodeURIComponent(merchantUid)}`;
