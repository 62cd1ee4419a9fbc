import * as z from 'zod';
import { CURRENCIES } from '../currency.ts';

/**
 * The contract between the site and a checkout, in the payment provider's browser-SDK terms (PortOne
 * v1, `IMP.request_pay`). In production the SDK opens the provider's window; on one machine the
 * sandbox checkout page takes the same parameters as its query string. Either way the customer comes
 * back to `m_redirect_url` with the provider's return query, so the result pages read one format.
 */
export const RequestPayParamsSchema = z.object({
  /** The PG channel, e.g. `html5_inicis` or `paypal` (shared/payments/pay-methods.ts). */
  pg: z.string().min(1).max(64),
  pay_method: z.enum(['card', 'vbank', 'phone']),
  merchant_uid: z.string().min(1).max(40),
  name: z.string().min(1).max(128),
  amount: z.coerce.number().nonnegative(),
  currency: z.enum(CURRENCIES),
  buyer_name: z.string().max(64).optional(),
  buyer_email: z.string().max(254).optional(),
  buyer_tel: z.string().max(32).optional(),
  /** Given for a subscription: the checkout issues a billing key under this id instead of charging. */
  customer_uid: z.string().min(1).max(80).optional(),
  /** Where the customer returns, with the return query appended. */
  m_redirect_url: z.url({ protocol: /^https?$/ }),
  /** Where the provider posts its notifications for this payment (else the account's default). */
  notice_url: z.url({ protocol: /^https?$/ }).optional(),
  /** A virtual account's deadline, `YYYYMMDDHHmm` or `YYYY-MM-DD HH:mm:ss` in KST. */
  vbank_due: z.string().max(32).optional(),
  language: z.enum(['ko', 'en', 'zh']).optional(),
});
export type RequestPayParams = z.infer<typeof RequestPayParamsSchema>;

/**
 * The query the provider appends to m_redirect_url (both on success and on failure). imp_uid is absent
 * when the provider refused before making a payment (an order already paid, a bad request).
 * `imp_success` is not sent by every channel, and some send `false` for a paid payment (PortOne's SDK
 * readme: responses no longer carry `success`; its Toss, KSNET, Daou and Kiwoom guides): it is read as
 * a hint only, and the server's lookup of the payment decides whether it went through.
 */
export const CheckoutReturnSchema = z.object({
  imp_uid: z.string().min(1).optional(),
  merchant_uid: z.string().min(1),
  imp_success: z.enum(['true', 'false']).optional(),
  error_code: z.string().optional(),
  error_msg: z.string().optional(),
});
export type CheckoutReturn = z.infer<typeof CheckoutReturnSchema>;

/** The query Naver Pay appends to the wallet's returnUrl after the recurring registration page. */
export const WalletReturnSchema = z.object({
  resultCode: z.string().min(1),
  resultMessage: z.string().optional(),
  reserveId: z.string().optional(),
  tempReceiptId: z.string().optional(),
});
export type WalletReturn = z.infer<typeof WalletReturnSchema>;

/** The wallet's result code of a completed registration. */
export const WALLET_SUCCESS_CODE = 'Success';

/** The provider's payment statuses. */
export const PROVIDER_PAYMENT_STATUSES = ['ready', 'paid', 'failed', 'cancelled'] as const;
export type ProviderPaymentStatus = (typeof PROVIDER_PAYMENT_STATUSES)[number];

/**
 * The body of the provider's notification (webhook) when a payment's status changes, JSON or a form as
 * its console is set; a cancel's carries the cancel's id (PortOne's V1 webhook guide). Bounds: the V1
 * OpenAPI schema's imp_uid (32) and merchant_uid (40).
 */
export const PaymentNotificationSchema = z.object({
  imp_uid: z.string().min(1).max(32),
  merchant_uid: z.string().min(1).max(40),
  status: z.enum(PROVIDER_PAYMENT_STATUSES),
  cancellation_id: z.string().min(1).max(64).optional(),
});
export type PaymentNotification = z.infer<typeof PaymentNotificationSchema>;
