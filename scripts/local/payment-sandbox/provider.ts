import { setTimeout as sleep } from 'node:timers/promises';
import { nowMs } from '../../../functions/core/clock.ts';
import { CURRENCIES, type Currency, fromMinorUnits, toMinorUnits } from '../../../shared/currency.ts';
import { PAYMENT_ABANDONED_MARKER } from '../../../shared/payments/card-failures.ts';
import { CHARGE_AGAIN_LIMITS } from '../../../shared/payments/charge-again-fields.ts';
import type { CheckoutReturn, RequestPayParams } from '../../../shared/payments/checkout-contract.ts';
import { PAYMENT_TIME_ZONE, VBANK_OPEN_DAYS } from '../../../shared/payments/constants.ts';
import {
  FOREIGN_RECURRING_PG,
  KEY_ISSUED_WITH_PAYMENT_PGS,
  RECURRING_PGS,
} from '../../../shared/payments/pay-methods.ts';
import { PRODUCT_NAME } from '../../../shared/product.ts';
import type { Notifier } from './notifications.ts';
import {
  newPaymentWire,
  nowSeconds,
  randomDigits,
  randomId,
  type SandboxStore,
  type StoredBillingKey,
  type StoredPayment,
} from './store.ts';
import {
  chargeDecline,
  type Decline,
  failText,
  maskCardNumber,
  type TestCard,
  testCard,
} from './test-cards.ts';

/** A refusal in the provider's terms: the envelope's code and message, and the HTTP status. */
export class ProviderFault extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** What the customer picks on the sandbox checkout page. */
export type CheckoutChoice =
  | { kind: 'card'; number: string }
  | { kind: 'vbank'; depositAfterMinutes?: number }
  | { kind: 'abandon' };

const ABANDONED_TEXT = `${PAYMENT_ABANDONED_MARKER} 사용자가 결제를 취소하셨습니다`;

function currencyOf(payment: StoredPayment): Currency {
  const currency = payment.wire.currency as Currency;
  return CURRENCIES.includes(currency) ? currency : 'KRW';
}

/** `YYYYMMDD`, `YYYYMMDDHHmm` or `YYYY-MM-DD HH:mm:ss`, in KST, to Unix seconds. */
export function parseVbankDue(value: string): number | undefined {
  const digits = value.replace(/\D/g, '');
  if (![8, 12, 14].includes(digits.length)) return undefined;
  // A date alone means the end of that day.
  const full = digits.length === 8 ? `${digits}235959` : digits.padEnd(14, '0');
  const [, y, mo, d, h, mi, s] = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(full) ?? [];
  const ms = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}+09:00`);
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : undefined;
}

/**
 * Why the provider would not issue a billing key on a checkout of this channel, if it would not: the
 * channel cannot charge again (RECURRING_PGS), or it issues keys only with a first payment and the
 * buyer's e-mail (Paymentwall's V1 guide).
 */
function keyIssueRefusal(params: RequestPayParams): string | undefined {
  if (!RECURRING_PGS.includes(params.pg))
    return `${params.pg}는 정기결제(빌링키 발급)를 지원하지 않는 PG사입니다.`;
  if (!KEY_ISSUED_WITH_PAYMENT_PGS.includes(params.pg)) return undefined;
  if (!(params.amount > 0)) return '최초 결제 없이 빌링키만 발급하는 방식은 지원되지 않습니다.';
  if (!params.buyer_email) return 'buyer_email은 필수입니다.';
  return undefined;
}

/**
 * Why the provider would refuse a charge on this key, if it would: a channel that cannot charge again,
 * a currency the channel does not take (PortOne's OpenAPI schema, subscribe/payments/again: `currency`
 * is Paymentwall's alone, KSNET takes USD, PayPal (RT) anything but KRW; elsewhere KRW), and
 * Paymentwall's own: the buyer's browser IP, and the e-mail the key was issued with.
 */
function chargeRefusal(
  key: StoredBillingKey,
  body: Record<string, unknown>,
  currency: string,
): string | undefined {
  const pg = key.wire.pg_provider;
  if (!RECURRING_PGS.includes(pg)) return `${pg}는 정기결제를 지원하지 않는 PG사입니다.`;
  const takesCurrency =
    pg === FOREIGN_RECURRING_PG ||
    (pg === 'paypal_v2' ? currency !== 'KRW' : currency === 'KRW' || (pg === 'ksnet' && currency === 'USD'));
  if (!takesCurrency) return `${pg} 채널은 ${currency} 결제를 지원하지 않습니다.`;
  if (pg !== FOREIGN_RECURRING_PG) return undefined;
  if (!body.browser_ip) return 'browser_ip는 필수입니다.';
  if (body.buyer_email !== key.wire.customer_email) {
    return '빌링키 발급 시 기재한 이메일주소와 결제 요청 이메일주소가 일치해야 합니다.';
  }
  return undefined;
}

/**
 * Why the provider would refuse a charge's fields outright, if it would: `name` required and at most
 * 40 characters, `buyer_name` at most 16, `merchant_uid` at most 40 (PortOne's V1 OpenAPI schema,
 * subscribe/payments/again), answered as its other refusals of a parameter are (400, code -1).
 */
function chargeFieldRefusal(body: Record<string, unknown>): string | undefined {
  const text = (name: string) => (body[name] === undefined || body[name] === null ? '' : String(body[name]));
  if (!text('name')) return 'name은 필수 파라미터입니다.';
  const limits: Array<[string, number]> = [
    ['name', CHARGE_AGAIN_LIMITS.name],
    ['buyer_name', CHARGE_AGAIN_LIMITS.buyerName],
    ['merchant_uid', CHARGE_AGAIN_LIMITS.merchantUid],
  ];
  const over = limits.find(([name, max]) => text(name).length > max);
  return over && `${over[0]}은(는) 최대 ${over[1]}자까지 입력할 수 있습니다.`;
}

/** The default due date: the end of the VBANK_OPEN_DAYS-th day from now, in KST. */
function defaultVbankDue(): number {
  const kstDay = new Intl.DateTimeFormat('en-CA', { timeZone: PAYMENT_TIME_ZONE }).format(
    new Date(nowMs() + VBANK_OPEN_DAYS * 86_400_000),
  );
  return Math.floor(Date.parse(`${kstDay}T23:59:59+09:00`) / 1000);
}

/**
 * The payment provider's behaviour on one machine: checkouts, billing keys, charges, cancels, virtual
 * accounts and their deposits, and the notifications PortOne sends (V1 webhook guide): a payment
 * approved (any method, a charge on a billing key included), a virtual account issued, a deposit into
 * it; never a failed payment; a cancel only when the cancel asked for it (enable_webhook).
 */
export class ProviderSandbox {
  /** Orders whose next cancel the card company refuses (set from /_local/payments). */
  private readonly refusedCancels = new Set<string>();
  /**
   * Whether the merchant's channels are test channels, as a developer's are: their payments and billing
   * keys are marked `sandbox` (PortOne's OpenAPI schema, Payment and Customer) and move no money.
   * /_local/payments switches them to live channels, as a release's are.
   */
  testChannels = true;

  constructor(
    private readonly store: SandboxStore,
    private readonly notifier: Notifier,
    private readonly defaultNotificationUrl: string,
  ) {}

  /** A notification of the payment's status; a cancel's names the cancel (its cancellation_id). */
  private notify(payment: StoredPayment, cancellationId?: string): void {
    this.notifier.notify(payment.noticeUrl ?? this.defaultNotificationUrl, {
      imp_uid: payment.wire.imp_uid,
      merchant_uid: payment.wire.merchant_uid,
      status: payment.wire.status,
      ...(cancellationId ? { cancellation_id: cancellationId } : {}),
    });
  }

  /** Stores a new payment: notified when it was approved or is an issued virtual account. */
  private add(payment: StoredPayment): StoredPayment {
    this.store.payments.set(payment.wire.imp_uid, payment);
    this.store.save();
    const { status, pay_method } = payment.wire;
    if (status === 'paid' || (status === 'ready' && pay_method === 'vbank')) this.notify(payment);
    return payment;
  }

  private markPaid(payment: StoredPayment): void {
    payment.wire.status = 'paid';
    payment.wire.paid_at = nowSeconds();
    if (payment.wire.pay_method !== 'vbank') payment.wire.apply_num = randomDigits(8);
  }

  private markFailed(payment: StoredPayment, reason: string): void {
    payment.wire.status = 'failed';
    payment.wire.failed_at = nowSeconds();
    payment.wire.fail_reason = reason;
  }

  /** A checkout submitted on the sandbox page: what IMP.request_pay would have done. */
  checkout(params: RequestPayParams, choice: CheckoutChoice): CheckoutReturn {
    if (this.store.isMerchantUidPaid(params.merchant_uid)) {
      return {
        merchant_uid: params.merchant_uid,
        imp_success: 'false',
        error_msg: '이미 결제가 완료된 주문번호입니다.',
      };
    }
    const issuing = params.customer_uid !== undefined;
    const keyWithPayment = issuing && KEY_ISSUED_WITH_PAYMENT_PGS.includes(params.pg);
    const payment: StoredPayment = {
      wire: newPaymentWire({
        merchantUid: params.merchant_uid,
        payMethod: params.pay_method,
        pg: params.pg,
        channel: 'pc',
        name: params.name,
        // A billing-key checkout usually only shows the amount: the server charges the key afterwards.
        amount: issuing && !keyWithPayment ? 0 : params.amount,
        currency: params.currency,
        status: 'ready',
        buyer: { name: params.buyer_name, email: params.buyer_email, tel: params.buyer_tel },
        ...(issuing ? { customerUid: params.customer_uid, customerUidUsage: 'issue' as const } : {}),
        sandbox: this.testChannels,
      }),
      ...(params.notice_url ? { noticeUrl: params.notice_url } : {}),
    };
    const back = (success: boolean, decline?: { code?: string; message: string }): CheckoutReturn => ({
      imp_uid: payment.wire.imp_uid,
      merchant_uid: params.merchant_uid,
      imp_success: success ? 'true' : 'false',
      ...(decline?.code ? { error_code: decline.code } : {}),
      ...(decline ? { error_msg: decline.message } : {}),
    });

    if (choice.kind === 'abandon') {
      this.markFailed(payment, ABANDONED_TEXT);
      this.add(payment);
      return back(false, { message: ABANDONED_TEXT });
    }
    const refusal = issuing ? keyIssueRefusal(params) : undefined;
    if (refusal) {
      this.markFailed(payment, refusal);
      this.add(payment);
      return back(false, { message: refusal });
    }
    if (choice.kind === 'vbank') {
      const due = (params.vbank_due && parseVbankDue(params.vbank_due)) || defaultVbankDue();
      Object.assign(payment.wire, {
        vbank_code: '004',
        vbank_name: 'KB국민은행',
        vbank_num: randomDigits(14),
        vbank_holder: PRODUCT_NAME,
        vbank_date: due,
        vbank_issued_at: nowSeconds(),
      });
      if (choice.depositAfterMinutes !== undefined) {
        payment.depositAtMs = nowMs() + choice.depositAfterMinutes * 60_000;
      }
      this.add(payment);
      return back(true);
    }

    const card = testCard(choice.number);
    if (card.checkout.kind === 'decline') {
      this.markFailed(payment, failText(card.checkout.decline));
      this.add(payment);
      return back(false, { code: card.checkout.decline.code, message: failText(card.checkout.decline) });
    }
    // A key issued with its first payment has made its first charge.
    if (issuing)
      this.saveBillingKey(params.customer_uid as string, params.pg, card, params, keyWithPayment ? 1 : 0);
    payment.wire.card_name = card.cardName;
    payment.wire.card_number = maskCardNumber(card.number);
    if (card.checkout.kind === 'pending' && !issuing) {
      payment.settleAtMs = nowMs() + card.checkout.seconds * 1000;
    } else {
      this.markPaid(payment);
    }
    this.add(payment);
    return back(true);
  }

  private saveBillingKey(
    customerUid: string,
    pg: string,
    card: TestCard,
    customer: { buyer_name?: string; buyer_email?: string; buyer_tel?: string },
    charges = 0,
  ): StoredBillingKey {
    const existing = this.store.billingKeys.get(customerUid);
    const now = nowSeconds();
    const key: StoredBillingKey = {
      wire: {
        customer_uid: customerUid,
        pg_provider: pg,
        pg_id: 'sandbox',
        card_name: card.cardName,
        card_code: '361',
        card_number: maskCardNumber(card.number),
        card_type: 0,
        customer_name: customer.buyer_name ?? null,
        customer_tel: customer.buyer_tel ?? null,
        customer_email: customer.buyer_email ?? null,
        customer_addr: null,
        customer_postcode: null,
        inserted: existing?.wire.inserted ?? now,
        updated: now,
        sandbox: this.testChannels,
      },
      cardNumber: card.number,
      charges,
    };
    this.store.billingKeys.set(customerUid, key);
    this.store.save();
    return key;
  }

  /** Turns due pending payments paid and pays in due virtual accounts (the server clock decides). */
  settleDue(): void {
    const now = nowMs();
    for (const payment of this.store.payments.values()) {
      if (payment.wire.status !== 'ready') continue;
      if (payment.settleAtMs !== undefined && payment.settleAtMs <= now) {
        payment.settleAtMs = undefined;
        this.markPaid(payment);
        this.store.save();
        this.notify(payment);
      } else if (payment.depositAtMs !== undefined && payment.depositAtMs <= now) {
        payment.depositAtMs = undefined;
        if (now <= (payment.wire.vbank_date ?? 0) * 1000) this.payIn(payment);
      }
    }
  }

  /** The customer pays into an issued virtual account (the Deposit button of /_local/payments). */
  deposit(impUid: string): StoredPayment {
    const payment = this.store.payments.get(impUid);
    if (payment?.wire.pay_method !== 'vbank') {
      throw new ProviderFault(404, 1, 'No such virtual account payment');
    }
    if (payment.wire.status !== 'ready')
      throw new ProviderFault(400, 1, `The payment is ${payment.wire.status}`);
    if (nowMs() > (payment.wire.vbank_date ?? 0) * 1000) {
      throw new ProviderFault(
        400,
        1,
        'The virtual account is past its due date: the bank refuses the deposit',
      );
    }
    this.payIn(payment);
    return payment;
  }

  private payIn(payment: StoredPayment): void {
    payment.depositAtMs = undefined;
    this.markPaid(payment);
    this.store.save();
    this.notify(payment);
  }

  issueBillingKey(customerUid: string, body: Record<string, unknown>): StoredBillingKey {
    const number = String(body.card_number ?? '');
    const expiry = String(body.expiry ?? '');
    const birth = String(body.birth ?? '');
    if (!/^\d{15,16}$/.test(number.replace(/-/g, '')))
      throw new ProviderFault(200, 1, '카드번호가 올바르지 않습니다.');
    const expiryMatch = /^(\d{4})-?(\d{2})$/.exec(expiry);
    if (!expiryMatch) throw new ProviderFault(200, 1, '카드 유효기간(expiry)은 YYYY-MM 형식이어야 합니다.');
    const endOfExpiry = Date.UTC(Number(expiryMatch[1]), Number(expiryMatch[2]), 1);
    if (endOfExpiry <= nowMs()) throw new ProviderFault(200, 1, '유효기간이 지난 카드입니다.');
    if (!/^(\d{6}|\d{10})$/.test(birth))
      throw new ProviderFault(200, 1, '생년월일(birth)은 6자리 또는 사업자번호 10자리여야 합니다.');
    const pg = String(body.pg ?? 'html5_inicis');
    if (!RECURRING_PGS.includes(pg) || KEY_ISSUED_WITH_PAYMENT_PGS.includes(pg)) {
      throw new ProviderFault(200, 1, `${pg} 채널은 빌링키 발급 API를 지원하지 않습니다.`);
    }
    const card = testCard(number);
    if (card.checkout.kind === 'decline') throw new ProviderFault(200, 1, failText(card.checkout.decline));
    return this.saveBillingKey(customerUid, pg, card, {
      buyer_name: body.customer_name as string | undefined,
      buyer_email: body.customer_email as string | undefined,
      buyer_tel: body.customer_tel as string | undefined,
    });
  }

  billingKey(customerUid: string): StoredBillingKey {
    const key = this.store.billingKeys.get(customerUid);
    if (!key)
      throw new ProviderFault(
        404,
        1,
        `요청하신 customer_uid(${customerUid})로 등록된 정보를 찾을 수 없습니다.`,
      );
    return key;
  }

  deleteBillingKey(customerUid: string): StoredBillingKey {
    const key = this.billingKey(customerUid);
    this.store.billingKeys.delete(customerUid);
    this.store.save();
    return key;
  }

  /**
   * From /_local/payments: the card company refuses the next cancel of the order's payment (as one does
   * for a payment it settled long ago, or while its system is down); the one after goes through.
   */
  refuseNextCancel(merchantUid: string): void {
    this.refusedCancels.add(merchantUid);
  }

  /** From /_local/payments: make a key's later charges decline (or approve again with no code). */
  setBillingKeyDecline(customerUid: string, code: string | undefined): StoredBillingKey {
    const key = this.billingKey(customerUid);
    key.declineWith = code;
    this.store.save();
    return key;
  }

  /**
   * A charge on a billing key. The payment exists (ready) from the moment it is asked for, so a lookup
   * by merchant_uid while a slow card company answers finds it under way; a decline is a payment with
   * status failed, not a refusal (code 0), as PortOne answers.
   */
  async payAgain(body: Record<string, unknown>): Promise<StoredPayment> {
    const customerUid = String(body.customer_uid ?? '');
    const merchantUid = String(body.merchant_uid ?? '');
    const amount = Number(body.amount);
    if (!customerUid || !merchantUid)
      throw new ProviderFault(400, -1, 'customer_uid와 merchant_uid는 필수입니다.');
    if (!(amount > 0)) throw new ProviderFault(400, -1, 'amount는 0보다 커야 합니다.');
    const fieldRefusal = chargeFieldRefusal(body);
    if (fieldRefusal) throw new ProviderFault(400, -1, fieldRefusal);
    const key = this.store.billingKeys.get(customerUid);
    if (!key) throw new ProviderFault(200, 1, '등록되지 않은 구매자입니다. (customer_uid)');
    if (this.store.isMerchantUidPaid(merchantUid))
      throw new ProviderFault(200, 1, '이미 결제된 merchant_uid입니다.');
    const currency = String(body.currency ?? 'KRW');
    const refusal = chargeRefusal(key, body, currency);
    if (refusal) throw new ProviderFault(200, 1, refusal);
    const payment: StoredPayment = {
      wire: newPaymentWire({
        merchantUid,
        payMethod: 'card',
        pg: key.wire.pg_provider,
        channel: 'api',
        name: body.name === undefined ? undefined : String(body.name),
        amount,
        currency,
        status: 'ready',
        buyer: {
          name: body.buyer_name as string | undefined,
          email: body.buyer_email as string | undefined,
          tel: body.buyer_tel as string | undefined,
        },
        customerUid,
        customerUidUsage: 'payment',
        customData: body.custom_data as string | undefined,
        // A key issued on a test channel charges on it.
        sandbox: key.wire.sandbox === true,
      }),
      ...(body.notice_url ? { noticeUrl: String(body.notice_url) } : {}),
    };
    key.charges += 1;
    const card = testCard(key.cardNumber);
    const decline: Decline | undefined = key.declineWith
      ? { code: key.declineWith, message: '카드사 승인 거절' }
      : chargeDecline(card, key.charges);
    payment.wire.card_name = key.wire.card_name;
    payment.wire.card_number = key.wire.card_number;
    this.add(payment);
    if (card.chargeAnswerSeconds) await sleep(card.chargeAnswerSeconds * 1000);
    if (decline) this.markFailed(payment, failText(decline));
    else this.markPaid(payment);
    this.store.save();
    if (payment.wire.status === 'paid') this.notify(payment);
    return payment;
  }

  /**
   * A full or partial cancel. `checksum`, when given, must equal what is still cancellable, or the
   * cancel is refused: the guard against a refund paid twice. The PG's own refusals follow
   * (refuseAsThePgDoes).
   */
  cancel(body: Record<string, unknown>): StoredPayment {
    const payment = body.imp_uid
      ? this.store.payments.get(String(body.imp_uid))
      : body.merchant_uid
        ? this.store.latestByMerchantUid(String(body.merchant_uid))
        : undefined;
    if (!payment) throw new ProviderFault(200, 1, '취소할 결제건이 존재하지 않습니다.');
    const { wire } = payment;
    if (wire.status === 'cancelled') throw new ProviderFault(200, 1, '이미 전액취소된 주문입니다.');
    if (wire.status !== 'paid')
      throw new ProviderFault(200, 1, '결제완료 상태가 아닌 결제건은 취소할 수 없습니다.');
    const currency = currencyOf(payment);
    const cancellable = toMinorUnits(wire.amount, currency) - toMinorUnits(wire.cancel_amount, currency);
    if (body.checksum !== undefined && body.checksum !== null) {
      if (toMinorUnits(Number(body.checksum), currency) !== cancellable) {
        throw new ProviderFault(
          200,
          1,
          `[환불가능금액 불일치] 요청하신 checksum(${body.checksum})이 환불가능금액(${fromMinorUnits(cancellable, currency)})과 다릅니다.`,
        );
      }
    }
    const amount =
      body.amount === undefined || body.amount === null
        ? cancellable
        : toMinorUnits(Number(body.amount), currency);
    if (!(amount > 0)) throw new ProviderFault(200, 1, '취소요청금액은 0보다 커야 합니다.');
    if (amount > cancellable) throw new ProviderFault(200, 1, '취소요청금액이 취소가능금액을 초과합니다.');
    refuseAsThePgDoes(wire, body, amount === cancellable && toMinorUnits(wire.cancel_amount, currency) === 0);
    // PortOne relays the PG's refusal as a failure (code other than 0) with the PG's message.
    if (this.refusedCancels.delete(wire.merchant_uid)) {
      throw new ProviderFault(200, 1, '[PG사 취소실패] 카드사에서 취소를 거절했습니다.');
    }
    const reason = body.reason === undefined ? null : String(body.reason);
    wire.cancel_amount = fromMinorUnits(toMinorUnits(wire.cancel_amount, currency) + amount, currency);
    wire.cancelled_at = nowSeconds();
    wire.cancel_reason = reason;
    const cancellationId = randomId('cancel');
    wire.cancel_history.push({
      pg_tid: wire.pg_tid ?? null,
      amount: fromMinorUnits(amount, currency),
      cancelled_at: wire.cancelled_at,
      reason,
      cancellation_id: cancellationId,
      receipt_url: wire.receipt_url ?? null,
    });
    // Only a full cancel changes the status; a partial one leaves the payment paid.
    if (amount === cancellable) wire.status = 'cancelled';
    this.store.save();
    if (body.enable_webhook === true || body.enable_webhook === 'true') this.notify(payment, cancellationId);
    return payment;
  }
}

/** Days after the payment (a virtual account's: its deposit) within which each kind of PG takes a cancel. */
const CANCEL_WINDOW_DAYS = { card: 365, vbank: 180, paypal: 180 } as const;
const DAY_SECONDS = 86_400;
/** The KG Inicis bank codes (PortOne's "PG사별 은행코드"): a refund account's bank must be one. */
const INICIS_BANK_CODES = new Set([
  '02',
  '03',
  '04',
  '07',
  '11',
  '12',
  '20',
  '23',
  '27',
  '31',
  '32',
  '34',
  '37',
  '39',
  '45',
  '48',
  '71',
  '81',
  '88',
  '89',
  '90',
  '92',
]);
/** The sandbox's documented holder that the bank finds not to be the account's (docs/payments.md). */
export const MISMATCHED_HOLDER = '불일치';
/** An account number ending so is one the bank does not have. */
export const UNKNOWN_ACCOUNT_SUFFIX = '000';
const kstMonth = (seconds: number) => new Date((seconds + 9 * 3600) * 1000).toISOString().slice(0, 7);

/**
 * What the PG behind PortOne refuses of a cancel, relayed as PortOne relays it (HTTP 200, code 1, the
 * PG's words; docs/payments.md "Refunds by pay method" has the sources):
 * - a paid virtual account is refunded only to the buyer's account (refund_holder, refund_bank,
 *   refund_account, PortOne's cancel guide), whose bank must be in the PG's code table and whose holder the
 *   bank checks against the account (holder `불일치`, an account ending in 000: refused), within 180 days;
 * - a phone payment only within the calendar month it was made (Korea's month: the carrier bills it the
 *   next) and only in full (PortOne's cancel guide and FAQ);
 * - PayPal within 180 days; cards and easy pays within a year.
 */
function refuseAsThePgDoes(wire: StoredPayment['wire'], body: Record<string, unknown>, whole: boolean): void {
  const now = nowSeconds();
  const since = now - (wire.paid_at ?? 0);
  if (wire.pay_method === 'vbank') {
    if (!(body.refund_holder && body.refund_bank && body.refund_account))
      throw new ProviderFault(
        200,
        1,
        '가상계좌 환불은 환불계좌정보(refund_holder, refund_bank, refund_account)가 필요합니다.',
      );
    if (!INICIS_BANK_CODES.has(String(body.refund_bank)))
      throw new ProviderFault(200, 1, '[PG사 환불실패] 환불계좌 은행코드가 올바르지 않습니다.');
    if (
      !/^\d{8,16}$/.test(String(body.refund_account)) ||
      String(body.refund_account).endsWith(UNKNOWN_ACCOUNT_SUFFIX)
    )
      throw new ProviderFault(200, 1, '[PG사 환불실패] 환불계좌번호가 유효하지 않습니다.');
    if (String(body.refund_holder).trim() === MISMATCHED_HOLDER)
      throw new ProviderFault(200, 1, '[PG사 환불실패] 환불계좌 예금주명이 일치하지 않습니다.');
    if (since > CANCEL_WINDOW_DAYS.vbank * DAY_SECONDS)
      throw new ProviderFault(200, 1, '[PG사 환불실패] 가상계좌 환불 가능 기간(입금 후 180일)이 지났습니다.');
    return;
  }
  if (wire.pay_method === 'phone') {
    if (kstMonth(wire.paid_at ?? 0) !== kstMonth(now))
      throw new ProviderFault(200, 1, '[PG사 취소실패] 휴대폰 결제는 결제한 달에만 취소할 수 있습니다.');
    if (!whole)
      throw new ProviderFault(200, 1, '[PG사 취소실패] 휴대폰 결제는 부분취소를 지원하지 않습니다.');
    return;
  }
  const days = wire.pg_provider === 'paypal' ? CANCEL_WINDOW_DAYS.paypal : CANCEL_WINDOW_DAYS.card;
  if (since > days * DAY_SECONDS)
    throw new ProviderFault(200, 1, `[PG사 취소실패] 취소 가능 기간(결제 후 ${days}일)이 지났습니다.`);
}
