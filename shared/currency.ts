import type { SiteLanguage } from './languages.ts';

export const CURRENCIES = ['KRW', 'JPY', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const CURRENCY_SYMBOL: Record<Currency, string> = { KRW: '₩', JPY: '¥', USD: 'US$' };
/** Decimal places a price keeps in each currency (USD cents; KRW and JPY whole units). */
export const CURRENCY_DECIMALS: Record<Currency, number> = { KRW: 0, JPY: 0, USD: 2 };

/** Currency by language: ko KRW, ja JPY, otherwise USD. */
export function currencyForLanguage(language: SiteLanguage | string): Currency {
  if (language === 'ko') return 'KRW';
  if (language === 'ja') return 'JPY';
  return 'USD';
}

/** Floors an amount to the currency's decimals, immune to binary fractions (19.99 * 100 = 1998.999…). */
export function floorToCurrency(amount: number, currency: Currency): number {
  const factor = 10 ** CURRENCY_DECIMALS[currency];
  return Math.floor(Number((amount * factor).toFixed(6))) / factor;
}

/** Rounds an amount half up to the currency's decimals (the test-mode price mapping rounds). */
export function roundToCurrency(amount: number, currency: Currency): number {
  const factor = 10 ** CURRENCY_DECIMALS[currency];
  return Math.round(Number((amount * factor).toFixed(6))) / factor;
}

/**
 * An amount in the currency's smallest unit (USD cents, whole won and yen), so that sums and
 * differences of money are integer arithmetic. Throws on an amount finer than the currency allows.
 */
export function toMinorUnits(amount: number, currency: Currency): number {
  if (!hasCurrencyPrecision(amount, currency)) {
    throw new RangeError(`${amount} has more decimals than ${currency} allows`);
  }
  return Math.round(amount * 10 ** CURRENCY_DECIMALS[currency]);
}

export function fromMinorUnits(minor: number, currency: Currency): number {
  return minor / 10 ** CURRENCY_DECIMALS[currency];
}

/**
 * Whether an amount has no more decimals than the currency keeps (8.99 USD yes, 8.999 no, 9.5 KRW no);
 * NaN and infinities have none (their error below is NaN, which no tolerance holds).
 */
export function hasCurrencyPrecision(amount: number, currency: Currency): boolean {
  const scaled = amount * 10 ** CURRENCY_DECIMALS[currency];
  // Relative tolerance: binary fractions err by a few ulps of the scaled amount, whatever its size.
  // Stryker disable next-line EqualityOperator: `<` for `<=` only differs on an error exactly equal to the tolerance, which no price reaches (the directive also silences `>`, which the tests kill)
  return Math.abs(scaled - Math.round(scaled)) <= Math.max(1e-9, Math.abs(scaled) * 1e-12);
}

/**
 * An amount with at most `decimals` decimals (a price in its currency's precision, a whole quantity)
 * as `toLocaleString('en-US')` writes it (1,079.70), without Intl: a page's first Intl formatter loads
 * the locale's data, a long task of its own on a phone (issue 18, the pricing page).
 */
export function groupDigits(amount: number, decimals = 0): string {
  const [whole, fraction] = Math.abs(amount).toFixed(decimals).split('.') as [string, string?];
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${amount < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** A price as the site shows it: symbol, thousands separators, the currency's decimals (8 -> US$8.00). */
export function formatPrice(amount: number, currency: Currency): string {
  return `${CURRENCY_SYMBOL[currency]}${groupDigits(amount, CURRENCY_DECIMALS[currency])}`;
}

/** The price of a plan in a currency: priceKo for KRW, priceJa for JPY, priceEn for USD. */
export function priceIn(
  plan: { priceKo: number; priceJa: number; priceEn: number },
  currency: Currency,
): number {
  if (currency === 'KRW') return plan.priceKo;
  if (currency === 'JPY') return plan.priceJa;
  return plan.priceEn;
}
