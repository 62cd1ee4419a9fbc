import type * as z from 'zod';
import type { Currency } from '../../../../shared/currency.ts';
import { parseFailReason } from '../../../../shared/payments/card-failures.ts';
import type { ProviderPaymentStatus } from '../../../../shared/payments/checkout-contract.ts';
import { PROVIDER_TOKEN_RENEW_MARGIN_MS } from '../../../../shared/payments/constants.ts';
import { nowMs } from '../../clock.ts';
import { PaymentError } from '../../errors.ts';
import { logger } from '../../logger.ts';
import { environment, settings } from '../../settings.ts';
import { exchange } from '../outside-http.ts';
import { serviceCredentials } from '../service-credentials.ts';
import { CustomerWire, Envelope, PaymentPageWire, PaymentWire, TokenWire } from './portone-wire.ts';

/**
 * The payment provider: a PortOne v1 REST client. Configuration:
 * - PORTONE_API_URL: the API's base URL (default https://api.iamport.kr; the sandbox on one machine);
 * - PORTONE_API_KEY and PORTONE_API_SECRET, or in AWS PORTONE_SECRET_ARN (JSON {apiKey, apiSecret}).
 * The access token is kept per container and renewed shortly before it expires.
 */
const DEFAULT_API_URL = 'https://api.iamport.kr';

/** A failed exchange with the provider: the payment general error to the customer (PORTONE_FAILED). */
export class PaymentProviderError extends PaymentError {
  constructor(
    message: string,
    readonly providerCode: number | undefined,
    readonly httpStatus: number | undefined,
  ) {
    super('PORTONE_FAILED', `Payment provider: ${message}`, { providerCode });
  }
}

export interface ProviderPayment {
  impUid: string;
  merchantUid: string;
  /** The provider's method (card, vbank, phone); the PG says which card channel (paypal, kakaopay...). */
  payMethod: string;
  pg: string;
  name: string | undefined;
  amount: number;
  cancelledAmount: number;
  /** KRW, JPY or USD for this product; typed as the provider reports it. */
  currency: string;
  status: ProviderPaymentStatus;
  paidAt: Date | undefined;
  failedAt: Date | undefined;
  cancelledAt: Date | undefined;
  /** Why it failed: the PG's bracketed code (card failures, shared/payments/card-failures.ts) and text. */
  failure: { code?: string; message: string } | undefined;
  buyer: { name?: string; email?: string; tel?: string };
  customerUid: string | undefined;
  /** 'issue' for the billing-key issue of a subscription checkout, 'payment' for a charge. */
  customerUidUsage: 'issue' | 'payment' | 'payment.scheduled' | undefined;
  /** The virtual account of a vbank payment (site-and-payments.md section 3, virtual bank info). */
  vbank:
    | { vbankName: string; vbankNum: string; vbankHolder: string; vbankDueDate: Date; issuedAt: Date }
    | undefined;
  cancelHistory: Array<{ amount: number; cancelledAt: Date; reason: string | undefined }>;
  receiptUrl: string | undefined;
  customData: string | undefined;
  /** Made on a test channel: no real money moved. */
  sandbox: boolean;
}

export interface BillingKey {
  customerUid: string;
  pg: string;
  cardName: string | undefined;
  /** Masked, e.g. 4242********4242. */
  cardNumber: string | undefined;
  customerName: string | undefined;
  customerEmail: string | undefined;
  customerTel: string | undefined;
  insertedAt: Date;
  updatedAt: Date;
}

const time = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : undefined);
const text = (value: string | null | undefined) => value ?? undefined;

function toPayment(wire: PaymentWire): ProviderPayment {
  const dueDate = time(wire.vbank_date);
  return {
    impUid: wire.imp_uid,
    merchantUid: wire.merchant_uid,
    payMethod: wire.pay_method,
    pg: wire.pg_provider,
    name: text(wire.name),
    amount: wire.amount,
    cancelledAmount: wire.cancel_amount,
    currency: wire.currency,
    status: wire.status,
    paidAt: time(wire.paid_at),
    failedAt: time(wire.failed_at),
    cancelledAt: time(wire.cancelled_at),
    failure: wire.status === 'failed' ? parseFailReason(wire.fail_reason) : undefined,
    buyer: { name: text(wire.buyer_name), email: text(wire.buyer_email), tel: text(wire.buyer_tel) },
    customerUid: text(wire.customer_uid),
    customerUidUsage: wire.customer_uid_usage ?? undefined,
    vbank:
      wire.pay_method === 'vbank' && wire.vbank_num && dueDate
        ? {
            vbankName: wire.vbank_name ?? '',
            vbankNum: wire.vbank_num,
            vbankHolder: wire.vbank_holder ?? '',
            vbankDueDate: dueDate,
            issuedAt: time(wire.vbank_issued_at) ?? dueDate,
          }
        : undefined,
    cancelHistory: wire.cancel_history.map((entry) => ({
      amount: entry.amount,
      cancelledAt: new Date(entry.cancelled_at * 1000),
      reason: text(entry.reason),
    })),
    receiptUrl: text(wire.receipt_url),
    customData: text(wire.custom_data),
    sandbox: wire.sandbox ?? false,
  };
}

function toBillingKey(wire: CustomerWire): BillingKey {
  return {
    customerUid: wire.customer_uid,
    pg: wire.pg_provider,
    cardName: text(wire.card_name),
    cardNumber: text(wire.card_number),
    customerName: text(wire.customer_name),
    customerEmail: text(wire.customer_email),
    customerTel: text(wire.customer_tel),
    insertedAt: new Date(wire.inserted * 1000),
    updatedAt: new Date(wire.updated * 1000),
  };
}

const apiUrl = () => (environment('PORTONE_API_URL') ?? DEFAULT_API_URL).replace(/\/$/, '');

let token: { value: string; renewAtMs: number } | undefined;
let renewing: Promise<string> | undefined;

async function accessToken(): Promise<string> {
  if (token && nowMs() < token.renewAtMs) return token.value;
  renewing ??= issueToken().finally(() => {
    renewing = undefined;
  });
  return renewing;
}

async function issueToken(): Promise<string> {
  const { apiKey, apiSecret } = await serviceCredentials('PORTONE_SECRET_ARN', {
    apiKey: 'PORTONE_API_KEY',
    apiSecret: 'PORTONE_API_SECRET',
  });
  const issued = await send(
    'POST /users/getToken',
    { imp_key: apiKey, imp_secret: apiSecret },
    TokenWire,
    undefined,
  );
  if (!issued) throw new PaymentProviderError('no access token in the answer', undefined, 200);
  // The provider's own clock says how long the token lives; ours says when that is.
  const lifetimeMs = (issued.expired_at - issued.now) * 1000;
  token = { value: issued.access_token, renewAtMs: nowMs() + lifetimeMs - PROVIDER_TOKEN_RENEW_MARGIN_MS };
  return issued.access_token;
}

/**
 * One call: `operation` is "METHOD /path". Answers the envelope's response, or null when the provider
 * says the thing does not exist (404). A 401 means the token went stale early (revoked, a clock
 * skew): the call is made once more with a fresh token.
 */
async function send<T extends z.ZodType>(
  operation: string,
  body: Record<string, unknown> | undefined,
  schema: T,
  bearer: string | undefined,
  retried = false,
): Promise<z.output<T> | null> {
  const [method, path] = operation.split(' ') as [string, string];
  let answer: { status: number; body: unknown };
  try {
    answer = await exchange(`${apiUrl()}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  } catch (error) {
    logger.warn('Payment provider unreachable', { operation: method, error });
    throw new PaymentProviderError(`unreachable (${(error as Error).message})`, undefined, undefined);
  }
  const parsed = Envelope.safeParse(answer.body);
  if (answer.status === 401 && bearer && !retried) {
    token = undefined;
    return send(operation, body, schema, await accessToken(), true);
  }
  if (answer.status === 404 && (!parsed.success || parsed.data.code !== 0)) return null;
  if (!parsed.success) {
    throw new PaymentProviderError(`unexpected answer (HTTP ${answer.status})`, undefined, answer.status);
  }
  if (answer.status !== 200 || parsed.data.code !== 0) {
    throw new PaymentProviderError(
      parsed.data.message ?? `code ${parsed.data.code}`,
      parsed.data.code,
      answer.status,
    );
  }
  if (parsed.data.response === null || parsed.data.response === undefined) return null;
  const response = schema.safeParse(parsed.data.response);
  if (!response.success) {
    throw new PaymentProviderError(`unexpected ${operation} answer: ${response.error.message}`, 0, 200);
  }
  return response.data;
}

export async function authorized<T extends z.ZodType>(
  operation: string,
  schema: T,
  body?: Record<string, unknown>,
): Promise<z.output<T> | null> {
  return send(operation, body, schema, await accessToken());
}

function required<T>(value: T | null, operation: string): T {
  if (value === null) throw new PaymentProviderError(`${operation}: nothing found`, undefined, 404);
  return value;
}

/**
 * A payment by the provider's id (imp_uid); null when the provider has none. The lookup leaves out
 * payments made on test channels unless asked for them (include_sandbox, default false: PortOne's
 * OpenAPI schema, GET /payments/{imp_uid}); every stage but release pays on test channels.
 */
export async function getPayment(impUid: string): Promise<ProviderPayment | null> {
  const query = settings.stage === 'release' ? '' : '?include_sandbox=true';
  const wire = await authorized(`GET /payments/${encodeURIComponent(impUid)}${query}`, PaymentWire);
  return wire ? toPayment(wire) : null;
}

/** The statuses GET /payments/status/{payment_status} lists by (PortOne's OpenAPI schema). */
export type ProviderListStatus = 'all' | 'ready' | 'paid' | 'cancelled' | 'failed';

/** The most payments one page of the list may hold (the schema's `limit` maximum). */
const PAYMENTS_PER_PAGE = 1000;

/**
 * The payments of a status whose time of that status falls in [from, to] (Unix seconds, both included):
 * paid by paid_at, cancelled by cancelled_at, failed by failed_at, ready by started_at (PortOne's OpenAPI
 * schema, GET /payments/status/{payment_status}: `from`, `to`, `page` from 1, `limit` up to 1000,
 * `sorting`; public clients call it the same way: iamport-rest-client-php `Payment::listStatus`). Every
 * page, oldest first by that time; test-channel payments come with `sandbox` set, whatever the stage.
 */
export async function listPaymentsByStatus(
  status: ProviderListStatus,
  range: { fromSeconds: number; toSeconds: number },
): Promise<ProviderPayment[]> {
  const sorting = status === 'paid' ? 'paid' : status === 'ready' ? 'started' : 'updated';
  const payments: ProviderPayment[] = [];
  for (let page = 1; page > 0; ) {
    const query = new URLSearchParams({
      from: String(range.fromSeconds),
      to: String(range.toSeconds),
      page: String(page),
      limit: String(PAYMENTS_PER_PAGE),
      sorting,
    });
    const answer = required(
      await authorized(`GET /payments/status/${status}?${query}`, PaymentPageWire),
      'list payments',
    );
    payments.push(...answer.list.map(toPayment));
    page = answer.next;
  }
  return payments;
}

/** The latest payment of an order (merchant_uid); null when the order was never paid for. */
export async function findPaymentByMerchantUid(merchantUid: string): Promise<ProviderPayment | null> {
  const wire = await authorized(
    `GET /payments/find/${encodeURIComponent(merchantUid)}?sorting=-started`,
    PaymentWire,
  );
  return wire ? toPayment(wire) : null;
}

/**
 * Charges a billing key: the first charge of a subscription whose checkout issued the key, a renewal,
 * an upgrade. A declined card is not an error here: the answer is a payment with status 'failed' and
 * its failure (the provider answers code 0 with the card company's refusal inside).
 */
export async function payWithBillingKey(input: {
  customerUid: string;
  /** A fresh merchant uid for every charge (shared/payments/merchant-uid.ts). */
  merchantUid: string;
  amount: number;
  currency: Currency;
  name: string;
  buyer?: { name?: string; email?: string; tel?: string };
  /** The buyer's browser address: Paymentwall requires it (PortOne's OpenAPI schema, browser_ip). */
  browserIp?: string;
  noticeUrl?: string;
  customData?: string;
}): Promise<ProviderPayment> {
  const wire = await authorized('POST /subscribe/payments/again', PaymentWire, {
    customer_uid: input.customerUid,
    merchant_uid: input.merchantUid,
    amount: input.amount,
    currency: input.currency,
    name: input.name,
    buyer_name: input.buyer?.name,
    buyer_email: input.buyer?.email,
    buyer_tel: input.buyer?.tel,
    browser_ip: input.browserIp,
    notice_url: input.noticeUrl,
    custom_data: input.customData,
  });
  return toPayment(required(wire, 'pay again'));
}

/** Issues (or replaces) the billing key `customerUid` from card details, as a change of card does. */
export async function issueBillingKey(input: {
  customerUid: string;
  card: { number: string; expiry: string; birth: string; pwd2digit?: string };
  customer?: { name?: string; email?: string; tel?: string };
  pg?: string;
}): Promise<BillingKey> {
  const wire = await authorized(
    `POST /subscribe/customers/${encodeURIComponent(input.customerUid)}`,
    CustomerWire,
    {
      card_number: input.card.number,
      expiry: input.card.expiry,
      birth: input.card.birth,
      pwd_2digit: input.card.pwd2digit,
      pg: input.pg,
      customer_name: input.customer?.name,
      customer_email: input.customer?.email,
      customer_tel: input.customer?.tel,
    },
  );
  return toBillingKey(required(wire, 'issue billing key'));
}

/** The billing key `customerUid`; null when there is none (never issued, or deleted). */
export async function getBillingKey(customerUid: string): Promise<BillingKey | null> {
  const wire = await authorized(`GET /subscribe/customers/${encodeURIComponent(customerUid)}`, CustomerWire);
  return wire ? toBillingKey(wire) : null;
}

/** Deletes a billing key (the old card after a change of card); null when it did not exist. */
export async function deleteBillingKey(customerUid: string, reason: string): Promise<BillingKey | null> {
  const query = new URLSearchParams({ reason, requester: 'admin' });
  const wire = await authorized(
    `DELETE /subscribe/customers/${encodeURIComponent(customerUid)}?${query}`,
    CustomerWire,
  );
  return wire ? toBillingKey(wire) : null;
}

/**
 * Cancels a payment fully (no amount) or partly. `checksum` is the amount still cancellable as the
 * caller knows it (amount - cancelled so far): the provider refuses the cancel when its own figure
 * differs, so a repeated or crossed refund can never pay out twice. A paid virtual account needs the
 * customer's refund account.
 */
export async function cancelPayment(input: {
  impUid?: string;
  merchantUid?: string;
  amount?: number;
  checksum: number;
  reason: string;
  refundAccount?: { holder: string; bank: string; account: string; tel?: string };
}): Promise<ProviderPayment> {
  if (!input.impUid && !input.merchantUid) throw new TypeError('cancelPayment needs impUid or merchantUid');
  const wire = await authorized('POST /payments/cancel', PaymentWire, {
    imp_uid: input.impUid,
    merchant_uid: input.merchantUid,
    amount: input.amount,
    checksum: input.checksum,
    reason: input.reason,
    refund_holder: input.refundAccount?.holder,
    refund_bank: input.refundAccount?.bank,
    refund_account: input.refundAccount?.account,
    refund_tel: input.refundAccount?.tel,
  });
  return toPayment(required(wire, 'cancel'));
}
