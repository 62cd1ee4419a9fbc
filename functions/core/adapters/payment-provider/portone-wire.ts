import * as z from 'zod';
import { PROVIDER_PAYMENT_STATUSES } from '../../../../shared/payments/checkout-contract.ts';

/**
 * PortOne v1 REST wire format (https://api.iamport.kr): every answer is the envelope
 * `{code, message, response}`, code 0 meaning success; times are Unix seconds, 0 when unset. Only the
 * fields the product reads are declared; the rest pass through. The sandbox builds its answers with
 * these same types, so the two cannot drift apart.
 */
export const Envelope = z.object({ code: z.number(), message: z.string().nullable(), response: z.unknown() });

export const TokenWire = z.looseObject({ access_token: z.string(), now: z.number(), expired_at: z.number() });
export type TokenWire = z.infer<typeof TokenWire>;

const optionalText = z.string().nullable().optional();

export const CancelHistoryWire = z.looseObject({
  pg_tid: optionalText,
  amount: z.number(),
  cancelled_at: z.number(),
  reason: optionalText,
  receipt_url: optionalText,
});

export const PaymentWire = z.looseObject({
  imp_uid: z.string(),
  merchant_uid: z.string(),
  pay_method: z.string(),
  channel: optionalText,
  pg_provider: z.string(),
  pg_tid: optionalText,
  apply_num: optionalText,
  card_name: optionalText,
  card_number: optionalText,
  vbank_code: optionalText,
  vbank_name: optionalText,
  vbank_num: optionalText,
  vbank_holder: optionalText,
  vbank_date: z.number().nullable().optional(),
  vbank_issued_at: z.number().nullable().optional(),
  name: optionalText,
  amount: z.number(),
  cancel_amount: z.number(),
  currency: z.string(),
  buyer_name: optionalText,
  buyer_email: optionalText,
  buyer_tel: optionalText,
  custom_data: optionalText,
  status: z.enum(PROVIDER_PAYMENT_STATUSES),
  started_at: z.number(),
  paid_at: z.number(),
  failed_at: z.number(),
  cancelled_at: z.number(),
  fail_reason: optionalText,
  cancel_reason: optionalText,
  receipt_url: optionalText,
  cancel_history: z.array(CancelHistoryWire),
  customer_uid: optionalText,
  customer_uid_usage: z.enum(['issue', 'payment', 'payment.scheduled']).nullable().optional(),
  /** Made on a test channel (the schema marks it required since 2026-01; older answers lack it). */
  sandbox: z.boolean().optional(),
});
export type PaymentWire = z.infer<typeof PaymentWire>;

/**
 * A page of GET /payments/status/{payment_status} (PortOne's OpenAPI schema, PagedPaymentAnnotation):
 * the count of all matches, the previous and next page numbers (0 when there is none), the page's list.
 */
export const PaymentPageWire = z.looseObject({
  total: z.number(),
  previous: z.number(),
  next: z.number(),
  list: z.array(PaymentWire),
});
export type PaymentPageWire = z.infer<typeof PaymentPageWire>;

export const CustomerWire = z.looseObject({
  customer_uid: z.string(),
  pg_provider: z.string(),
  pg_id: optionalText,
  card_name: optionalText,
  card_code: optionalText,
  card_number: optionalText,
  card_type: z.union([z.string(), z.number()]).nullable().optional(),
  customer_name: optionalText,
  customer_tel: optionalText,
  customer_email: optionalText,
  inserted: z.number(),
  updated: z.number(),
});
export type CustomerWire = z.infer<typeof CustomerWire>;
