import { type Currency, hasCurrencyPrecision, roundToCurrency } from '../currency.ts';

interface Range {
  min: number;
  max: number;
}

/**
 * Price bounds by currency (site-and-payments.md section 5): the range a plan's real price lies in,
 * and the range a test-mode payment charges.
 */
export const PRICE_BOUNDS: Record<Currency, { real: Range; test: Range }> = {
  KRW: { real: { min: 7900, max: 1_436_400 }, test: { min: 2000, max: 5000 } },
  JPY: { real: { min: 900, max: 162_000 }, test: { min: 200, max: 500 } },
  USD: { real: { min: 7, max: 1296 }, test: { min: 2, max: 5 } },
};

/** Whether a plan's real price lies within its currency's bounds (the catalogue's and the operators' plans). */
export function isWithinPriceBounds(price: number, currency: Currency): boolean {
  const { min, max } = PRICE_BOUNDS[currency].real;
  return hasCurrencyPrecision(price, currency) && price >= min && price <= max;
}

/**
 * The amount a test-mode payment charges for a real amount: the real range maps linearly onto the
 * test range, rounded half up to the currency's decimals,
 *
 *   test = testMin + (real - realMin) * (testMax - testMin) / (realMax - realMin)
 *
 * so the cheapest plan charges the test minimum and the dearest the test maximum. Amounts outside the
 * real range are first clamped into it: a coupon or an upgrade credit can bring an amount under the
 * real minimum, and a test payment must still charge inside the test range. Zero stays zero: there is
 * nothing to pay, in test mode as in real mode.
 */
export function testModePrice(realAmount: number, currency: Currency): number {
  if (realAmount === 0) return 0;
  const { real, test } = PRICE_BOUNDS[currency];
  const clamped = Math.min(real.max, Math.max(real.min, realAmount));
  const mapped = test.min + ((clamped - real.min) * (test.max - test.min)) / (real.max - real.min);
  return roundToCurrency(mapped, currency);
}

/**
 * What an order's final amount (after coupon or upgrade credit, before the test mapping) allows:
 * - 'invalid': negative, not a number, finer than the currency's decimals, or above the currency's
 *   real maximum (no discount can raise a price): the invalid-price error, the fail page;
 * - 'free': zero, nothing to charge: no pay button;
 * - 'payable': anything else.
 * The lower bound is not checked here: discounts and upgrade credits legitimately go under it.
 */
export type FinalPriceCheck = 'invalid' | 'free' | 'payable';

export function checkFinalPrice(amount: number, currency: Currency): FinalPriceCheck {
  if (!hasCurrencyPrecision(amount, currency) || amount < 0) return 'invalid';
  if (amount > PRICE_BOUNDS[currency].real.max) return 'invalid';
  return amount === 0 ? 'free' : 'payable';
}

/** The amount actually charged for an order's final amount: the test mapping in test mode. */
export function chargedAmount(finalAmount: number, currency: Currency, isTest: boolean): number {
  return isTest ? testModePrice(finalAmount, currency) : finalAmount;
}
