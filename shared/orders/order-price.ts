import { type Currency, priceIn, toMinorUnits } from '../currency.ts';
import { chargedAmount, checkFinalPrice, isWithinPriceBounds } from '../payments/price-bounds.ts';
import { discountedPrice, discountRate } from '../payments/prices.ts';

/**
 * Where an order's discount comes from: a coupon, the account's referral partner, the account's
 * preregistration coupon (an operator's, admin-console.md section 4), or nowhere.
 */
export const DISCOUNT_SOURCES = ['coupon', 'referral', 'preregistration', 'none'] as const;
export type DiscountSource = (typeof DISCOUNT_SOURCES)[number];

export interface OrderPrice {
  /** The plan's catalogue price in the order's currency. */
  listPrice: number;
  /** What the order costs: the best discount applied, never stacked. */
  finalPrice: number;
  /** The discount in whole percent, from the list and final price (section 9). */
  discountRate: number;
  discountSource: DiscountSource;
}

export interface PricedPlan {
  priceKo: number;
  priceJa: number;
  priceEn: number;
}

/**
 * An order's price, computed by the server (the browser shows it, never sends its own). A coupon's
 * discounted price for the plan, the referral partner's rate and the preregistration rate are
 * alternatives, not layers: the customer gets whichever is lowest, so a coupon can never make a
 * partner member pay more than the partner price, and discounts never compound below what any party
 * agreed to.
 * Throws a RangeError for a catalogue price outside its currency's bounds: a catalogue mistake must
 * stop the sale, not be charged.
 */
export function orderPrice(input: {
  plan: PricedPlan;
  currency: Currency;
  referralDiscountPercent?: number;
  /** The account's unused preregistration coupon's rate, when it applies to this order. */
  preregistrationPercent?: number | undefined;
  /** The coupon's discounted price of this plan (its discount info), when the coupon has one. */
  couponPrice?: PricedPlan | undefined;
}): OrderPrice {
  const { currency } = input;
  const listPrice = priceIn(input.plan, currency);
  if (!isWithinPriceBounds(listPrice, currency)) {
    throw new RangeError(`The catalogue price ${listPrice} ${currency} lies outside the price bounds`);
  }
  const candidates: Array<{ price: number; source: DiscountSource }> = [{ price: listPrice, source: 'none' }];
  if (input.referralDiscountPercent) {
    candidates.push({
      price: discountedPrice(listPrice, input.referralDiscountPercent, currency),
      source: 'referral',
    });
  }
  if (input.couponPrice) candidates.push({ price: priceIn(input.couponPrice, currency), source: 'coupon' });
  if (input.preregistrationPercent) {
    candidates.push({
      price: discountedPrice(listPrice, input.preregistrationPercent, currency),
      source: 'preregistration',
    });
  }
  // On a tie the earlier candidate stays: the partner's rate (it never runs out), then the coupon (taken
  // with the order anyway), and the preregistration last, since the order whose discount it is uses it up.
  const best = candidates.reduce((lowest, candidate) =>
    toMinorUnits(candidate.price, currency) < toMinorUnits(lowest.price, currency) ? candidate : lowest,
  );
  return {
    listPrice,
    finalPrice: best.price,
    discountRate: discountRate(listPrice, best.price),
    discountSource: best.source,
  };
}

/**
 * What an order will charge: its final price, mapped into the test range in test mode. Answers
 * 'invalid' for a final price the money rules refuse (the invalid-price error) and 'free' for zero
 * (nothing to pay: no pay button).
 */
export function orderCharge(
  finalPrice: number,
  currency: Currency,
  isTest: boolean,
): { kind: 'invalid' | 'free' } | { kind: 'payable'; amount: number } {
  const check = checkFinalPrice(finalPrice, currency);
  if (check !== 'payable') return { kind: check };
  return { kind: 'payable', amount: chargedAmount(finalPrice, currency, isTest) };
}
