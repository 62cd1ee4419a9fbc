import { type Currency, floorToCurrency, priceIn } from '../currency.ts';

/**
 * A coupon's discounted price: the original times (1 - rate/100), floored to the currency's decimals
 * (site-and-payments.md section 9; admin-console.md section 7). Flooring never charges more than the
 * advertised discount.
 */
export function discountedPrice(original: number, ratePercent: number, currency: Currency): number {
  if (!(ratePercent >= 0 && ratePercent <= 100)) {
    throw new RangeError(`A discount rate is a percentage from 0 to 100 (got ${ratePercent})`);
  }
  return floorToCurrency((original * (100 - ratePercent)) / 100, currency);
}

/**
 * The discount rate shown beside a discounted price, in whole percent, computed from the original and
 * the discounted price. Rounded to the nearest percent, so a price floored by `discountedPrice` shows
 * the rate it was made with (whenever the original is at least 200 of the currency's smallest unit).
 */
export function discountRate(original: number, discounted: number): number {
  if (original <= 0) return 0;
  return Math.round(((original - discounted) / original) * 100);
}

/** The monthly figure shown under an annual price: the price divided by 12, floored to the currency. */
export function annualSubPrice(annualPrice: number, currency: Currency): number {
  return floorToCurrency(annualPrice / 12, currency);
}

/**
 * A usage eraser's price: the KRW price for KRW, the JPY price for JPY, otherwise the USD price
 * (site-and-payments.md section 3), the same rule as a plan's price.
 */
export function eraserPrice(
  option: { priceKo: number; priceJa: number; priceEn: number },
  currency: Currency,
): number {
  return priceIn(option, currency);
}
