import * as z from 'zod';
import { CashReceiptChoiceSchema } from '../cash-receipts/cash-receipt-rules.ts';
import { CLIENT_TYPES } from '../identity/client-types.ts';
import { SITE_LANGUAGES } from '../languages.ts';
import { PhoneNumberSchema } from '../orders/contact.ts';
import {
  AccountTypeSchema,
  CouponInfoSchema,
  CurrencySchema,
  SessionInfoSchema,
} from '../orders/session-info.ts';
import { PaymentNotificationSchema } from '../payments/checkout-contract.ts';
import { PAY_METHODS } from '../payments/pay-methods.ts';
import { TaxInvoiceDetailsSchema } from '../tax-invoices/tax-invoice-rules.ts';
import { defineRoute, FORM_BODY, JSON_BODY } from './define-route.ts';
import { CheckoutSettingsSchema } from './payment-provider.ts';
import { SessionGuid } from './session-guid.ts';

/**
 * Orders and payments (site-and-payments.md sections 4 and 7): payment sessions, their recomputes,
 * coupons on an order, the merchant order, confirmation, virtual accounts, subscriptions by billing
 * key, the wallet, and the provider's notifications.
 *
 * The calls the specification lists keep its paths; the ones it leaves unnamed are named here:
 * change-payment-session-plan (plan change), change-payment-session-currency (currency change),
 * change-payment-session-language (the language change: the session follows the page's language),
 * change-payment-session-account-type (the session's conversion when the account type changes the
 * plan), register-payment-session-coupon and remove-payment-session-coupon (coupon registration).
 * Routes the browser calls after the checkout carry the session's guid too: the guid is their
 * credential, and the merchant order must belong to it.
 */
const Guid = SessionGuid;
const MerchantUid = z.string().min(1).max(40);
const PlanName = z.string().min(1).max(64);
const Language = z.enum(SITE_LANGUAGES);
const Name = z.string().trim().min(1).max(64);
const Email = z.string().trim().min(3).max(254);
/** A claim the browser repeats from what it was told; checked against the server's record. */
const Claim = {
  price: z.number().optional(),
  isTest: z.boolean().optional(),
  couponCode: z.string().max(32).optional(),
};
const SessionAnswer = z.object({ sessionInfo: SessionInfoSchema });
const SessionInput = { guid: Guid, isTest: z.boolean().default(false) };

const grantsRead = ['table:read'] as const;
const grantsWrite = ['table:read', 'table:write'] as const;
/** A confirmation may schedule: a subscription's renewal at its grant, an order's next re-check. */
const grantsProvider = ['table:read', 'table:write', 'payment:provider', 'scheduler', 'mail:send'] as const;

export const createInitPayment = defineRoute({
  name: 'createInitPayment',
  service: 'payment',
  method: 'POST',
  path: '/create-init-payment',
  caller: 'user',
  summary:
    'Open a payment session (guid) for the signed-in account, optionally with the plan chosen on the pricing ' +
    'page; refused for an unverified account and for one that holds an active plan (it upgrades instead)',
  request: z.object({
    uid: z.string().max(64).optional(),
    cid: z.string().max(128).optional(),
    clientType: z.enum(CLIENT_TYPES),
    language: Language,
    planName: PlanName.optional(),
    priceVersion: z.string().max(16).optional(),
    /** A session for changing the card of the current subscription (change-card.ts) instead of an order. */
    isChangeCard: z.boolean().optional(),
  }),
  response: z.object({ guid: Guid, sessionInfo: SessionInfoSchema }),
  handler: 'orders/create-init-payment',
  grants: grantsWrite,
});

export const getPaymentSessionInfo = defineRoute({
  name: 'getPaymentSessionInfo',
  service: 'payment',
  method: 'POST',
  path: '/get-payment-session-info',
  caller: 'guid',
  summary: 'The payment session of a guid with its server-computed prices (EXPIRED once it has lapsed)',
  request: z.object({ ...SessionInput, cid: z.string().max(128).optional() }),
  response: SessionAnswer,
  handler: 'orders/get-payment-session-info',
  grants: grantsRead,
});

export const changePaymentSessionPlan = defineRoute({
  name: 'changePaymentSessionPlan',
  service: 'payment',
  method: 'POST',
  path: '/change-payment-session-plan',
  caller: 'guid',
  summary:
    "Recompute the session for another plan (the pricing page's start button, the order page's plan " +
    'selection form); a coupon that does not cover the new plan is dropped',
  request: z.object({ ...SessionInput, planName: PlanName }),
  response: SessionAnswer,
  handler: 'orders/change-payment-session-plan',
  grants: grantsWrite,
});

export const changePaymentSessionCurrency = defineRoute({
  name: 'changePaymentSessionCurrency',
  service: 'payment',
  method: 'POST',
  path: '/change-payment-session-currency',
  caller: 'guid',
  summary: "Recompute the session in another of its currency options (the Korean site's currency option)",
  request: z.object({ ...SessionInput, currency: CurrencySchema }),
  response: SessionAnswer,
  handler: 'orders/change-payment-session-currency',
  grants: grantsWrite,
});

export const changePaymentSessionLanguage = defineRoute({
  name: 'changePaymentSessionLanguage',
  service: 'payment',
  method: 'POST',
  path: '/change-payment-session-language',
  caller: 'guid',
  summary:
    "Make an order or upgrade session follow the page's language (the language change): its wallet offer, " +
    "currency options and mails; a customer's order is priced in that language's currency",
  request: z.object({ ...SessionInput, language: Language }),
  response: SessionAnswer,
  handler: 'orders/change-payment-session-language',
  grants: grantsWrite,
});

export const changePaymentSessionAccountType = defineRoute({
  name: 'changePaymentSessionAccountType',
  service: 'payment',
  method: 'POST',
  path: '/change-payment-session-account-type',
  caller: 'guid',
  summary:
    'Convert the session for an account type: business remembers the plan and switches to BUSINESS, ' +
    'individual restores the remembered plan',
  request: z.object({ ...SessionInput, accountType: AccountTypeSchema }),
  response: SessionAnswer,
  handler: 'orders/change-payment-session-account-type',
  grants: grantsWrite,
});

export const checkValidCoupon = defineRoute({
  name: 'checkValidCoupon',
  service: 'payment',
  method: 'POST',
  path: '/check-valid-coupon',
  caller: 'guid',
  summary:
    'Whether a coupon can be used by this session for a plan: its rules, or INVALID_COUPON_CODE with the ' +
    'reason (expired with its window, invalid plan with the valid plans, exhausted, already used, unknown)',
  request: z.object({ guid: Guid, couponCode: z.string().trim().min(1).max(32), planName: PlanName }),
  response: z.object({ valid: z.literal(true), couponInfo: CouponInfoSchema }),
  handler: 'orders/check-valid-coupon',
  grants: grantsRead,
});

export const registerPaymentSessionCoupon = defineRoute({
  name: 'registerPaymentSessionCoupon',
  service: 'payment',
  method: 'POST',
  path: '/register-payment-session-coupon',
  caller: 'guid',
  summary: 'Apply a coupon to the session for a plan (switching to that plan) and recompute the price',
  request: z.object({ ...SessionInput, code: z.string().trim().min(1).max(32), planName: PlanName }),
  response: SessionAnswer,
  handler: 'orders/register-payment-session-coupon',
  grants: grantsWrite,
});

export const removePaymentSessionCoupon = defineRoute({
  name: 'removePaymentSessionCoupon',
  service: 'payment',
  method: 'POST',
  path: '/remove-payment-session-coupon',
  caller: 'guid',
  summary: 'Remove the coupon from the session and recompute the price',
  request: z.object(SessionInput),
  response: SessionAnswer,
  handler: 'orders/remove-payment-session-coupon',
  grants: grantsWrite,
});

export const checkCurrencyOption = defineRoute({
  name: 'checkCurrencyOption',
  service: 'payment',
  method: 'POST',
  path: '/check-currency-option',
  caller: 'public',
  summary:
    'Whether the Korean site offers a currency choice to this visitor (a Korean-language visitor outside ' +
    'Korea may pay in US dollars)',
  request: z.object({ language: Language }),
  response: z.object({ show: z.boolean() }),
  handler: 'orders/check-currency-option',
});

export const findPaymentInfoByPhoneNumber = defineRoute({
  name: 'findPaymentInfoByPhoneNumber',
  service: 'payment',
  method: 'POST',
  path: '/find-payment-info-by-phone-number',
  caller: 'guid',
  summary:
    "Whether another account already paid with this phone number (and that account's address, masked); " +
    'at most 10 checks per session, 20 per account and 50 per client address in 15 minutes, then ' +
    'TOO_MANY_REQUESTS',
  request: z.object({ guid: Guid, phoneNumber: PhoneNumberSchema }),
  response: z.object({ isUsed: z.boolean(), email: z.string().optional() }),
  handler: 'orders/find-payment-info-by-phone-number',
  // Each check is counted in the table (its limits' windows).
  grants: grantsWrite,
});

/** What the order page sends to create its merchant order: the session's choices as claims, and the buyer. */
const OrderRequest = {
  guid: Guid,
  price: z.number(),
  planName: PlanName,
  payMethod: z.enum(PAY_METHODS),
  pg: z.string().min(1).max(64),
  currency: CurrencySchema,
  isTest: z.boolean().default(false),
  couponCode: z.string().max(32).optional(),
  userName: Name,
  userEmail: Email,
  userPhone: PhoneNumberSchema,
  /** The buyer's cash receipt (현금영수증) for a won virtual account; required for one, refused otherwise. */
  cashReceipt: CashReceiptChoiceSchema.optional(),
};

/** A merchant order as its checkout needs it. */
const MerchantOrderShape = {
  merchantUid: MerchantUid,
  /**
   * The merchant_uid to open the checkout with: the order's, or for a subscription the id of its
   * billing-key issue (the order's own id is kept for the charge that follows).
   */
  checkoutMerchantUid: z.string().min(1).max(40),
  /** The amount the checkout must ask for (the test-range image in test mode). */
  amount: z.number(),
  /** For a subscription: the billing key the checkout issues (customer_uid). */
  customerUid: z.string().optional(),
  /** For a virtual account: its deadline, as IMP.request_pay's vbank_due (KST, YYYYMMDDHHmm). */
  vbankDue: z.string().optional(),
};

export const insertPaymentProgress = defineRoute({
  name: 'insertPaymentProgress',
  service: 'payment',
  method: 'POST',
  path: '/insert-payment-progress',
  caller: 'guid',
  summary:
    'Create the merchant order for the session at the price the server computes: a browser price that ' +
    'differs is INVALID_PRICE; a coupon is held for the order; a subscription gets its billing-key id. ' +
    'PayPal is sent as card with its pg',
  request: z.object({ ...OrderRequest, isUpgrade: z.boolean().default(false) }),
  response: z.object(MerchantOrderShape),
  handler: 'orders/insert-payment-progress',
  // The order's re-checks at the provider are scheduled when it is made.
  grants: ['table:read', 'table:write', 'scheduler'],
});

const ResultAnswer = z.object({
  result: z.enum(['success', 'pending', 'error']),
  merchantUid: MerchantUid,
  errorType: z.string().optional(),
  errorMsg: z.string().optional(),
  /** The card company's code of a declined payment (e.g. CC01). */
  failureCode: z.string().optional(),
});

export const getPaymentResult = defineRoute({
  name: 'getPaymentResult',
  service: 'payment',
  method: 'POST',
  path: '/get-payment-result',
  caller: 'guid',
  summary:
    "Confirm an order: the provider's payment is looked up and compared with the order (status, amount, " +
    'currency) before the plan is granted, exactly once; pending while the provider has not settled',
  request: z.object({ guid: Guid, merchantUid: MerchantUid, isUpgrade: z.boolean().optional(), ...Claim }),
  response: ResultAnswer,
  handler: 'orders/get-payment-result',
  grants: grantsProvider,
});

export const VbankIssuedInfoSchema = z.object({
  vbankName: z.string(),
  vbankNum: z.string(),
  vbankHolder: z.string(),
  /** Epoch milliseconds; shown in UTC+9. */
  vbankDueDate: z.number(),
  price: z.number(),
  currency: CurrencySchema,
  userName: z.string(),
  userPhone: z.string(),
});
export type VbankIssuedInfo = z.infer<typeof VbankIssuedInfoSchema>;

export const getVbankIssuedInfo = defineRoute({
  name: 'getVbankIssuedInfo',
  service: 'payment',
  method: 'POST',
  path: '/get-vbank-issued-info',
  caller: 'guid',
  summary: 'The virtual account the provider issued for an order (bank, number, holder, due date, amount)',
  request: z.object({ guid: Guid, merchantUid: MerchantUid }),
  response: z.object({ vbankIssuedInfo: VbankIssuedInfoSchema }),
  handler: 'orders/get-vbank-issued-info',
  grants: grantsProvider,
});

export const requestSendCoolsms = defineRoute({
  name: 'requestSendCoolsms',
  service: 'payment',
  method: 'POST',
  path: '/request-send-coolsms',
  caller: 'guid',
  summary:
    "Text the virtual account's details to the order's phone, once per order. The server writes the text " +
    'and picks the number from the order: the browser cannot use this to text anyone anything',
  request: z.object({ guid: Guid, merchantUid: MerchantUid }),
  response: z.object({ sent: z.boolean() }),
  handler: 'orders/request-send-coolsms',
  grants: ['table:read', 'table:write', 'sms:send'],
});

export const createBillingKeyPayment = defineRoute({
  name: 'createBillingKeyPayment',
  service: 'payment',
  method: 'POST',
  path: '/create-billing-key-payment',
  caller: 'guid',
  summary:
    "Charge a subscription's first payment on the billing key its checkout issued, then confirm it; " +
    'exactly one charge per order however often it is called; failed when the card is declined',
  request: z.object({
    guid: Guid,
    merchantUid: MerchantUid,
    customerUid: z.string().min(1).max(80),
    isUpgrade: z.boolean().optional(),
    ...Claim,
  }),
  response: z.object({
    /** failed: the card was declined; pending: the charge's outcome is not known yet (ask get-payment-result). */
    result: z.enum(['success', 'pending', 'failed', 'error']),
    merchantUid: MerchantUid,
    errorType: z.string().optional(),
    errorMsg: z.string().optional(),
    failureCode: z.string().optional(),
  }),
  handler: 'orders/create-billing-key-payment',
  grants: grantsProvider,
});

export const setUpRecurrentNaverPayEnroll = defineRoute({
  name: 'setUpRecurrentNaverPayEnroll',
  service: 'payment',
  method: 'POST',
  path: '/set-up-recurrent-naver-pay-enroll',
  caller: 'guid',
  summary:
    "Reserve the wallet's recurring registration for a wallet order (once per order); the customer then " +
    "registers on the wallet's page, which returns to the result page. The contact is the order's, given " +
    'when it was created',
  request: z.object({ guid: Guid, merchantUid: MerchantUid }),
  response: z.object({ reserveId: z.string() }),
  handler: 'orders/set-up-recurrent-naver-pay-enroll',
  grants: grantsProvider,
});

export const startRecurrentNaverPay = defineRoute({
  name: 'startRecurrentNaverPay',
  service: 'payment',
  method: 'POST',
  path: '/start-recurrent-naver-pay',
  caller: 'guid',
  summary:
    "Approve the wallet registration the customer completed and charge the order's first payment on it, " +
    'then confirm it; exactly once per order',
  request: z.object({
    guid: Guid,
    merchantUid: MerchantUid,
    reserveId: z.string().min(1).max(128),
    tempReceiptId: z.string().min(1).max(128),
    ...Claim,
  }),
  response: ResultAnswer,
  handler: 'orders/start-recurrent-naver-pay',
  grants: grantsProvider,
});

export const portoneWebhook = defineRoute({
  name: 'portoneWebhook',
  service: 'payment',
  method: 'POST',
  path: '/portone-webhook',
  caller: 'public',
  summary:
    "The payment provider's notification of a status change: the payment is looked up again at the " +
    'provider (the body is never trusted) and the same confirmation runs',
  request: PaymentNotificationSchema,
  // As the provider's console is set: JSON or a form (PortOne's V1 webhook guide).
  bodyTypes: [JSON_BODY, FORM_BODY],
  response: z.object({ result: z.enum(['confirmed', 'pending', 'failed', 'ignored']) }),
  handler: 'orders/portone-webhook',
  grants: grantsProvider,
});

/**
 * Everything the order page shows beside its form, in one answer: the session priced afresh, whether the
 * Korean site offers this visitor a currency choice (by CloudFront's viewer country), the account's kept
 * tax-invoice details (null when it gave none) and where this deployment opens a checkout.
 */
export const OrderPageSchema = z.object({
  sessionInfo: SessionInfoSchema,
  currencyOptionShown: z.boolean(),
  taxInvoiceDetails: TaxInvoiceDetailsSchema.nullable(),
  checkoutSettings: CheckoutSettingsSchema,
});
export type OrderPage = z.infer<typeof OrderPageSchema>;

export const startPayment = defineRoute({
  name: 'startPayment',
  service: 'payment',
  method: 'POST',
  path: '/start-payment',
  caller: 'user',
  summary:
    "The site's payment start for the signed-in account, in one call: a payment session on the plan chosen " +
    'with everything its order page shows (as get-order-page), or, for an account holding a subscription, ' +
    'its upgrade session (as create-init-plan-upgrade). Refused as create-init-payment refuses: an ' +
    'unverified account, a pass holder (USER_ALREADY_SUBSCRIBED), a plan with nothing above it ' +
    '(UPGRADE_NOT_ALLOWED)',
  request: z.object({
    clientType: z.enum(CLIENT_TYPES),
    language: Language,
    planName: PlanName.optional(),
    priceVersion: z.string().max(16).optional(),
    isTest: z.boolean().default(false),
  }),
  response: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('order'), guid: Guid, orderPage: OrderPageSchema }),
    z.object({ kind: z.literal('upgrade'), guid: Guid, sessionInfo: SessionInfoSchema }),
  ]),
  handler: 'orders/start-payment',
  grants: ['table:read', 'table:write', 'payment:checkout'],
});

export const getOrderPage = defineRoute({
  name: 'getOrderPage',
  service: 'payment',
  method: 'POST',
  path: '/get-order-page',
  caller: 'guid',
  summary:
    'The one read of an order page loaded by its address (a reload, a link): the session with its prices, ' +
    "the currency option, the account's tax-invoice details and the checkout settings (EXPIRED once the " +
    'session has lapsed)',
  request: z.object({ ...SessionInput, language: Language }),
  response: OrderPageSchema,
  handler: 'orders/get-order-page',
  grants: ['table:read', 'payment:checkout'],
});

export const payOrder = defineRoute({
  name: 'payOrder',
  service: 'payment',
  method: 'POST',
  path: '/pay-order',
  caller: 'guid',
  summary:
    "The order page's pay button in one call: the phone-number check (a number another account paid with " +
    'answers phone_used with its masked address until the buyer confirms it), the account type chosen, the ' +
    'session check and the merchant order, as insert-payment-progress creates it',
  request: z.object({
    ...OrderRequest,
    /** The account type chosen on the page, saved with the order; one that would change the plan is refused. */
    accountType: AccountTypeSchema.optional(),
    /** The buyer confirmed paying with a number another account used: no check this time. */
    phoneUseConfirmed: z.boolean().default(false),
  }),
  response: z.discriminatedUnion('outcome', [
    z.object({ outcome: z.literal('phone_used'), email: z.string().optional() }),
    z.object({ outcome: z.literal('ordered'), ...MerchantOrderShape }),
  ]),
  handler: 'orders/pay-order',
  // The phone check counts in the table, and the order's re-checks are scheduled when it is made.
  grants: ['table:read', 'table:write', 'scheduler'],
});

export const orderRoutes = [
  createInitPayment,
  getPaymentSessionInfo,
  changePaymentSessionPlan,
  changePaymentSessionCurrency,
  changePaymentSessionLanguage,
  changePaymentSessionAccountType,
  checkValidCoupon,
  registerPaymentSessionCoupon,
  removePaymentSessionCoupon,
  checkCurrencyOption,
  findPaymentInfoByPhoneNumber,
  insertPaymentProgress,
  getPaymentResult,
  getVbankIssuedInfo,
  requestSendCoolsms,
  createBillingKeyPayment,
  setUpRecurrentNaverPayEnroll,
  startRecurrentNaverPay,
  portoneWebhook,
] as const;

/**
 * The site's payment flow in fewer, wider calls (issue 36): the start, the order page's one read and the pay
 * command, beside the calls above, which the desktop app and every other client keep calling. Listed apart
 * because the route table's order is the deployed one (routes.ts): they go at its end.
 */
export const orderFlowRoutes = [startPayment, getOrderPage, payOrder] as const;
