import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
  CustomerWire,
  PaymentWire,
} from '../../../functions/core/adapters/payment-provider/portone-wire.ts';
import { nowMs } from '../../../functions/core/clock.ts';
import type { ProviderPaymentStatus } from '../../../shared/payments/checkout-contract.ts';

/**
 * What the payment sandbox remembers: the provider's payments and billing keys, the wallet's
 * registrations and payments, and the answers of idempotent wallet calls. Kept in
 * `payment-sandbox.json` beside the database (so it survives a restart as the orders do), or in
 * memory for in-memory runs.
 */
export interface StoredPayment {
  /** Exactly what the provider's REST API answers for the payment. */
  wire: PaymentWire & Record<string, unknown>;
  noticeUrl?: string;
  /** A pending card payment turns paid at this time (the server clock). */
  settleAtMs?: number;
  /** An issued virtual account is paid in by the customer at this time, if ever. */
  depositAtMs?: number;
}

export interface StoredBillingKey {
  wire: CustomerWire & Record<string, unknown>;
  /** The test card behind the key: it decides each charge. */
  cardNumber: string;
  charges: number;
  /** Set from /_local/payments: every later charge declines with this code. */
  declineWith?: string;
}

export interface WalletReservation {
  reserveId: string;
  productCode: string;
  productName: string;
  totalPayAmount: number;
  returnUrl: string;
  createdAtMs: number;
  tempReceiptId?: string;
  /** The test card registered on the wallet page. */
  cardNumber?: string;
  recurrentId?: string;
}

export interface WalletRecurrent {
  recurrentId: string;
  reserveId: string;
  productCode: string;
  cardNumber: string;
  charges: number;
  expired: boolean;
}

export interface WalletPayment {
  paymentId: string;
  recurrentId: string;
  merchantPayId: string;
  merchantUserId: string;
  productName: string;
  totalPayAmount: number;
  restAmount: number;
  state: 'reserved' | 'paid' | 'failed';
  admissionYmdt?: string;
  /** Its cancels: done, or pending until the wallet completes them (at completeAtMs, server clock). */
  cancels?: WalletCancel[];
  /** Set from /_local/payments: the next cancel answers CancelNotComplete and completes later. */
  deferNextCancel?: boolean;
}

export interface WalletCancel {
  amount: number;
  state: 'done' | 'pending';
  /** The time it was asked for (pending) or completed (done), yyyyMMddHHmmss KST. */
  ymdt: string;
  completeAtMs?: number;
}

interface State {
  payments: StoredPayment[];
  billingKeys: StoredBillingKey[];
  reservations: WalletReservation[];
  recurrents: WalletRecurrent[];
  walletPayments: WalletPayment[];
  /** Answers of wallet calls by idempotency key. */
  idempotent: Record<string, unknown>;
  externalReceipts?: Record<string, unknown>;
}

export const nowSeconds = () => Math.floor(nowMs() / 1000);

export function randomDigits(length: number): string {
  return Array.from({ length }, () => randomInt(10)).join('');
}

export function randomId(prefix: string): string {
  return `${prefix}_${randomBytes(9).toString('base64url')}`;
}

export class SandboxStore {
  private readonly file: string | undefined;
  readonly payments = new Map<string, StoredPayment>();
  readonly billingKeys = new Map<string, StoredBillingKey>();
  readonly reservations = new Map<string, WalletReservation>();
  readonly recurrents = new Map<string, WalletRecurrent>();
  readonly walletPayments = new Map<string, WalletPayment>();
  readonly idempotent = new Map<string, unknown>();
  /** Cash receipts issued for sales made outside PortOne, by order number (POST /receipts/external). */
  readonly externalReceipts = new Map<string, unknown>();

  constructor(stateDir: string | undefined) {
    this.file = stateDir ? join(stateDir, 'payment-sandbox.json') : undefined;
    if (!this.file || !existsSync(this.file)) return;
    const state = JSON.parse(readFileSync(this.file, 'utf8')) as State;
    for (const payment of state.payments) this.payments.set(payment.wire.imp_uid, payment);
    for (const key of state.billingKeys) this.billingKeys.set(key.wire.customer_uid, key);
    for (const reservation of state.reservations) this.reservations.set(reservation.reserveId, reservation);
    for (const recurrent of state.recurrents) this.recurrents.set(recurrent.recurrentId, recurrent);
    for (const payment of state.walletPayments) this.walletPayments.set(payment.paymentId, payment);
    for (const [key, answer] of Object.entries(state.idempotent)) this.idempotent.set(key, answer);
    for (const [key, receipt] of Object.entries(state.externalReceipts ?? {}))
      this.externalReceipts.set(key, receipt);
  }

  save(): void {
    if (!this.file) return;
    const state: State = {
      payments: [...this.payments.values()],
      billingKeys: [...this.billingKeys.values()],
      reservations: [...this.reservations.values()],
      recurrents: [...this.recurrents.values()],
      walletPayments: [...this.walletPayments.values()],
      idempotent: Object.fromEntries(this.idempotent),
      externalReceipts: Object.fromEntries(this.externalReceipts),
    };
    writeFileSync(this.file, JSON.stringify(state, null, 2));
  }

  /** The latest payment of an order, as the provider's find-by-merchant_uid answers. */
  latestByMerchantUid(merchantUid: string): StoredPayment | undefined {
    let latest: StoredPayment | undefined;
    for (const payment of this.payments.values()) {
      if (payment.wire.merchant_uid !== merchantUid) continue;
      if (!latest || payment.wire.started_at >= latest.wire.started_at) latest = payment;
    }
    return latest;
  }

  /** Whether an order already has a payment that took money (the provider refuses to pay it twice). */
  isMerchantUidPaid(merchantUid: string): boolean {
    for (const payment of this.payments.values()) {
      if (payment.wire.merchant_uid !== merchantUid) continue;
      if (payment.wire.status === 'paid' || payment.wire.status === 'cancelled') return true;
    }
    return false;
  }
}

export const RECEIPT_PATH = '/_local/payments/receipt';

/**
 * The payment's sales slip (매출전표), as PortOne answers it in `receipt_url` of GET /payments/{imp_uid}:
 * the PG's own page, passed on as it is (PortOne's FAQ "매출전표는 어떻게 확인하나요?",
 * developers.portone.io). The sandbox's PG serves it on the runtime (SITE_URL is where it listens).
 */
function receiptUrl(impUid: string): string {
  return `${process.env.SITE_URL ?? 'http://localhost'}${RECEIPT_PATH}?imp_uid=${encodeURIComponent(impUid)}`;
}

/** A new payment record in the provider's wire format, every field present as the real API has them. */
export function newPaymentWire(input: {
  merchantUid: string;
  payMethod: string;
  pg: string;
  channel: 'pc' | 'mobile' | 'api';
  name: string | undefined;
  amount: number;
  currency: string;
  status: ProviderPaymentStatus;
  buyer: { name?: string; email?: string; tel?: string };
  customerUid?: string;
  customerUidUsage?: 'issue' | 'payment';
  customData?: string;
  /** Made on a test channel (PortOne's `sandbox`); the sandbox's channels are test channels unless switched. */
  sandbox?: boolean;
}): PaymentWire & Record<string, unknown> {
  const impUid = `imp_${randomDigits(12)}`;
  const started = nowSeconds();
  return {
    imp_uid: impUid,
    merchant_uid: input.merchantUid,
    pay_method: input.payMethod,
    channel: input.channel,
    pg_provider: input.pg,
    emb_pg_provider: null,
    pg_tid: `sandbox_${randomDigits(16)}`,
    pg_id: 'sandbox',
    escrow: false,
    apply_num: null,
    bank_code: null,
    bank_name: null,
    card_code: null,
    card_name: null,
    card_quota: 0,
    card_number: null,
    card_type: null,
    vbank_code: null,
    vbank_name: null,
    vbank_num: null,
    vbank_holder: null,
    vbank_date: 0,
    vbank_issued_at: 0,
    name: input.name ?? null,
    amount: input.amount,
    cancel_amount: 0,
    currency: input.currency,
    buyer_name: input.buyer.name ?? null,
    buyer_email: input.buyer.email ?? null,
    buyer_tel: input.buyer.tel ?? null,
    buyer_addr: null,
    buyer_postcode: null,
    custom_data: input.customData ?? null,
    user_agent: 'sandbox',
    status: input.status,
    started_at: started,
    paid_at: 0,
    failed_at: 0,
    cancelled_at: 0,
    fail_reason: null,
    cancel_reason: null,
    receipt_url: receiptUrl(impUid),
    cancel_history: [],
    cancel_receipt_urls: [],
    cash_receipt_issued: false,
    customer_uid: input.customerUid ?? null,
    customer_uid_usage: input.customerUidUsage ?? null,
    sandbox: input.sandbox ?? true,
  };
}
