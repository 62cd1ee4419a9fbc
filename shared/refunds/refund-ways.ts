import { type Currency, toMinorUnits } from '../currency.ts';
import { DIRECT_DEPOSIT_PG } from '../direct-deposits/direct-deposit.ts';
import { formatKst, KST_MONTH } from '../time/kst.ts';
import {
  type OWN_WAY_CLOSED,
  PRODUCT_REFUND_SOURCE,
  type REFUND_REFUSALS,
  type RefundSource,
} from './refund-session.ts';
import { refundSourceOf } from './refund-sources.ts';

/**
 * How a payment's money goes back (issue 30), decided once for the estimate and for the refund alike,
 * so that an estimate never offers what the refund would refuse. The payment networks' rules (the
 * sources are in docs/payments.md, "Refunds by pay method"):
 *
 * - A **virtual account** deposit goes back only to a bank account the buyer gives (`refund_holder`,
 *   `refund_bank`, `refund_account` on PortOne's cancel), within 180 days of the deposit.
 * - A **phone** payment (휴대폰 소액결제) is cancelled at the provider only within the calendar month it was
 *   made (the carrier bills it the month after) and only in full.
 * - **PayPal** refunds, full or partial, within 180 days of the payment.
 * - **Cards** (the Korean card PG, Eximbay, Paymentwall) and the easy pays (KakaoPay, PAYCO, Naver Pay
 *   through the provider, the Naver Pay wallet): full and partial, within a year of the payment.
 * - A **direct deposit** was paid to the product's own account outside the provider.
 *
 * Where its own way is closed, the money goes back by bank transfer from the product's account to the
 * customer's account (a domestic transfer: KRW only); in another currency it is not refunded from the
 * site or the console (a transfer abroad is arranged with the customer by hand).
 */

/** What a refund takes: what the payment's own way and the decision need to know of it. */
export interface RefundablePayment {
  pg: string;
  /** The recorded method: card, vbank, phone, kakaopay, payco, naverpay or naver_pay (PayPal is card on pg paypal). */
  payMethod: string;
  currency: Currency;
  /** The payment (a virtual account's: its deposit), epoch ms. */
  paidAt: number;
  walletPaymentId?: string | undefined;
}

/** Whether the way needs the customer's bank account (a virtual account's refund, a bank transfer). */
export type RefundAccountNeed = 'none' | 'required';

export interface RefundWay {
  source: RefundSource;
  account: RefundAccountNeed;
}

/** Why the payment's own way cannot take this refund (the money then goes by bank transfer, or not at all). */
export type OwnWayClosed = (typeof OWN_WAY_CLOSED)[number];
/** Why no way can take it. */
export type RefundRefusal = (typeof REFUND_REFUSALS)[number];

export interface RefundDecision {
  /** The ways an operator may choose, the preselected one (the customer's only one) first; none when refused. */
  ways: RefundWay[];
  ownWayClosed?: OwnWayClosed;
  refusal?: RefundRefusal;
}

/** Days after the payment (a virtual account's: its deposit) within which the provider takes a cancel. */
export const PROVIDER_REFUND_DAYS = { card: 365, virtualAccount: 180, paypal: 180 } as const;
const DAY_MS = 86_400_000;

export const BANK_TRANSFER: RefundWay = { source: PRODUCT_REFUND_SOURCE, account: 'required' };

/** The bank transfer, where the product can make one (a domestic transfer), or the refusal. */
function byTransfer(currency: Currency, ownWayClosed: OwnWayClosed): RefundDecision {
  return currency === 'KRW'
    ? { ways: [BANK_TRANSFER], ownWayClosed }
    : { ways: [], ownWayClosed, refusal: 'transfer_abroad' };
}

/** The own way first, then the bank transfer beside it where the product can make one. */
function ownWayThenTransfer(own: RefundWay, currency: Currency): RefundDecision {
  return { ways: currency === 'KRW' ? [own, BANK_TRANSFER] : [own] };
}

function withinDays(paidAt: number, at: number, days: number): boolean {
  return at - paidAt <= days * DAY_MS;
}

/**
 * What a cancel is to the payment network: the whole price, or a part of it (a payment something was
 * returned from before has less than its price left, so its rest is a part too).
 */
export type CancelKind = 'whole' | 'part';

export function cancelKind(payment: { price: number; currency: Currency }, amount: number): CancelKind {
  const { currency } = payment;
  return toMinorUnits(amount, currency) === toMinorUnits(payment.price, currency) ? 'whole' : 'part';
}

/** How a refund of `kind` (cancelKind of an amount the refund rules allow) goes back when asked at `at`. */
export function refundDecision(payment: RefundablePayment, kind: CancelKind, at: number): RefundDecision {
  const { currency } = payment;
  if (payment.pg === DIRECT_DEPOSIT_PG) return byTransfer(currency, 'outside_provider');
  // The wallet's own way is Naver Pay's, a card's window.
  const own: RefundWay = { source: refundSourceOf(payment), account: 'none' };
  if (payment.payMethod === 'vbank') {
    return withinDays(payment.paidAt, at, PROVIDER_REFUND_DAYS.virtualAccount)
      ? ownWayThenTransfer({ ...own, account: 'required' }, currency)
      : byTransfer(currency, 'window_passed');
  }
  if (payment.payMethod === 'phone') {
    if (formatKst(payment.paidAt, KST_MONTH) !== formatKst(at, KST_MONTH))
      return byTransfer(currency, 'phone_past_month');
    return kind === 'whole' ? ownWayThenTransfer(own, currency) : byTransfer(currency, 'phone_partial');
  }
  const days = payment.pg === 'paypal' ? PROVIDER_REFUND_DAYS.paypal : PROVIDER_REFUND_DAYS.card;
  return withinDays(payment.paidAt, at, days)
    ? ownWayThenTransfer(own, currency)
    : byTransfer(currency, 'window_passed');
}

/** Whether a refund through `source` is one the decision allows, and the account it then needs. */
export function wayFor(decision: RefundDecision, source: RefundSource): RefundWay | undefined {
  return decision.ways.find((way) => way.source === source);
}
