import { DateTime } from 'luxon';
import { type Currency, fromMinorUnits, priceIn, toMinorUnits } from '../../../shared/currency.ts';
import type { PlanPriceInfo } from '../../../shared/plans/plan-types.ts';
import { PRODUCT_REFUND_SOURCE, type RefundSource } from '../../../shared/refunds/refund-session.ts';
import { businessDayOf } from '../../../shared/time/business-days.ts';
import { KST_DATE, KST_ZONE } from '../../../shared/time/kst.ts';
import { METERED_USAGE_TYPES, type MeteredUsageType } from '../../../shared/usage/usage-rules.ts';

/**
 * The amounts of a refund, decided from what the refund engine (refund-engine.ts) read: what the plan
 * is worth and what its payment can still return, what a used month costs, how much of the allowance
 * was used, the day the request counts on, which amounts a refund may take, and what another refund
 * returned meanwhile. Money is added and subtracted in the currency's smallest unit (toMinorUnits):
 * what can still be returned is the provider's checksum of a cancel, which must be exact to the cent.
 */

/** A plan's value and what its payment can still return (the refund policy, shared/refunds/refund-rules.ts). */
export function refundFigures(
  payment: { price: number; cancelledAmount: number; currency: Currency },
  order: { paymentType: string; credit?: number | undefined } | undefined,
): { planValue: number; refundable: number; isUpgrade: boolean } {
  const { currency } = payment;
  const minor = (amount: number) => toMinorUnits(amount, currency);
  // A plan bought by upgrading is worth its payment plus the credit of the plan it replaced.
  const credit = order?.paymentType === 'upgrade' ? (order.credit ?? 0) : 0;
  return {
    planValue: fromMinorUnits(minor(payment.price) + minor(credit), currency),
    refundable: fromMinorUnits(minor(payment.price) - minor(payment.cancelledAmount), currency),
    isUpgrade: credit > 0,
  };
}

/** The monthly subscription list price of a plan's type in its currency (what a used month costs), if any. */
export function monthlyListPrice(
  prices: readonly PlanPriceInfo[],
  plan: { planType: PlanPriceInfo['planType']; currency: Currency },
): number | undefined {
  const monthly = prices.find((price) => price.planType === plan.planType && price.period === 'MONTHLY');
  return monthly ? priceIn(monthly, plan.currency) : undefined;
}

/** The largest share of a monthly limit used since the month began: 0 outside a paid plan's month. */
export function allowanceShare(standing: {
  group: string;
  limits: Record<MeteredUsageType, number>;
  used: Record<MeteredUsageType, number>;
}): number {
  if (standing.group !== 'paid') return 0;
  return Math.max(
    0,
    ...METERED_USAGE_TYPES.map((type) =>
      standing.limits[type] > 0 ? standing.used[type] / standing.limits[type] : 0,
    ),
  );
}

/**
 * The day (`yyyy-MM-dd`, KST) a refund request counts on: its business day (the default), or, when the
 * console turns that off for a date it chose, that date itself (`holidays` then not read: undefined).
 */
export function refundDay(requestedMs: number, holidays: ReadonlySet<string> | undefined): string {
  return holidays
    ? businessDayOf(requestedMs, holidays)
    : DateTime.fromMillis(requestedMs, { zone: KST_ZONE }).toFormat(KST_DATE);
}

/**
 * Whether a refund may take `price`: the customer's must be the estimate; an operator's anything from
 * zero (which unsubscribes instead) up to what the payment can still return.
 */
export function refundAmountAllowed(
  price: number,
  quote: { estimatedRefundPrice: number; refundable: number; currency: Currency },
  rule: 'estimate' | 'at-most-refundable',
): boolean {
  const minor = (amount: number) => toMinorUnits(amount, quote.currency);
  if (rule === 'estimate') return minor(price) === minor(quote.estimatedRefundPrice);
  return price >= 0 && minor(price) <= minor(quote.refundable);
}

/** What a payment returned since a quote was taken, from its cancelled amount then and now (0 if nothing). */
export function refundedSince(
  cancelledAtQuote: number,
  cancelledNow: number | undefined,
  currency: Currency,
): number {
  const since =
    toMinorUnits(cancelledNow ?? cancelledAtQuote, currency) - toMinorUnits(cancelledAtQuote, currency);
  // The provider's record is below ours by a refund to the product account, which it never saw.
  return fromMinorUnits(Math.max(0, since), currency);
}

/**
 * Whether a refund another request recorded meanwhile leaves this one without money of its own moved:
 * a refund to the product account moves none, and a wallet refund of the same amount is the same
 * request to the wallet (its idempotency key), answered again.
 */
export function movedNoMoneyOfItsOwn(
  request: { price: number; refundSource: RefundSource },
  recorded: number,
  currency: Currency,
): boolean {
  return (
    request.refundSource === PRODUCT_REFUND_SOURCE ||
    (request.refundSource === 'naver_pay' &&
      toMinorUnits(recorded, currency) === toMinorUnits(request.price, currency))
  );
}
