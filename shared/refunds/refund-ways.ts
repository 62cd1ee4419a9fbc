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
 * Beside the own way, or instead of it where it is closed, the money goes back from the product's
 * account (admin-console.md section 2, the refund screen's source toggle): in won by bank transfer to the
 * customer's account (a domestic transfer, which the customer may ask for too); in another currency only
 * at an operator's choice, returned by hand outside the provider (a transfer abroad, PayPal: how is
 * arranged with the customer) and recorded once paid. The customer's page never offers that: a refund in
 * another currency whose own way is closed is refused there (`transfer_abroad`).
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

/** Why the payment's own way cannot take this refund (the money then goes from the product's account). */
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
/** Returned by hand outside the provider, in another currency than won: no account of ours to ask for. */
export const BY_HAND: RefundWay = { source: PRODUCT_REFUND_SOURCE, account: 'none' };

/** Who chooses the way: the customer on the refund page, or an operator on the console. */
export type RefundChooser = 'customer' | 'operator';

/** The way from the product's account, where the chooser may take one. */
function productAccountWay(currency: Currency, chooser: RefundChooser | undefined): RefundWay | undefined {
  if (currency === 'KRW') return BANK_TRANSFER;
  return chooser === 'operator' ? BY_HAND : undefined;
}

/** The product account's way alone, or the refusal. */
function fromProductAccount(
  currency: Currency,
  ownWayClosed: OwnWayClosed,
  chooser: RefundChooser | undefined,
): RefundDecision {
  const way = productAccountWay(currency, chooser);
  return way ? { ways: [way], ownWayClosed } : { ways: [], ownWayClosed, refusal: 'transfer_abroad' };
}

/** The own way first, then the product account's beside it where the chooser may take it. */
function ownWayThenProductAccount(
  own: RefundWay,
  currency: Currency,
  chooser: RefundChooser | undefined,
): RefundDecision {
  const way = productAccountWay(currency, chooser);
  return { ways: way ? [own, way] : [own] };
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

/**
 * How a refund of `kind` (cancelKind of an amount the refund rules allow) goes back when asked at `at`,
 * for the customer's page (`chooser` absent or 'customer') or an operator's console.
 */
export function refundDecision(
  payment: RefundablePayment,
  kind: CancelKind,
  at: number,
  chooser?: RefundChooser,
): RefundDecision {
  const { currency } = payment;
  const ownWayShut = (closed: OwnWayClosed) => fromProductAccount(currency, closed, chooser);
  const ownWayOpen = (own: RefundWay) => ownWayThenProductAccount(own, currency, chooser);
  if (payment.pg === DIRECT_DEPOSIT_PG) return ownWayShut('outside_provider');
  // The wallet's own way is Naver Pay's, a card's window.
  const own: RefundWay = { source: refundSourceOf(payment), account: 'none' };
  if (payment.payMethod === 'vbank') {
    return withinDays(payment.paidAt, at, PROVIDER_REFUND_DAYS.virtualAccount)
      ? ownWayOpen({ ...own, account: 'required' })
      : ownWayShut('window_passed');
  }
  if (payment.payMethod === 'phone') {
    if (formatKst(payment.paidAt, KST_MONTH) !== formatKst(at, KST_MONTH))
      return ownWayShut('phone_past_month');
    return kind === 'whole' ? ownWayOpen(own) : ownWayShut('phone_partial');
  }
  const days = payment.pg === 'paypal' ? PROVIDER_REFUND_DAYS.paypal : PROVIDER_REFUND_DAYS.card;
  return withinDays(payment.paidAt, at, days) ? ownWayOpen(own) : ownWayShut('window_passed');
}

/**
 * A way by its name, as the console and the audit trail say it: through the provider, through the
 * wallet, by bank transfer from the product's account, or returned by hand from it.
 */
export const REFUND_WAY_NAMES = ['provider', 'wallet', 'bank_transfer', 'by_hand'] as const;
export type RefundWayName = (typeof REFUND_WAY_NAMES)[number];

export function refundWayName(way: RefundWay): RefundWayName {
  if (way.source === 'portone') return 'provider';
  if (way.source === 'naver_pay') return 'wallet';
  return way.account === 'required' ? 'bank_transfer' : 'by_hand';
}

/** Whether a refund through `source` is one the decision allows, and the account it then needs. */
export function wayFor(decision: RefundDecision, source: RefundSource): RefundWay | undefined {
  return decision.ways.find((way) => way.source === source);
}
