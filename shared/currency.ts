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

/** A price as the site shows it: symbol, thousands separators, the currency's decimals (8 -> US$8.00). */
export function formatPrice(amount: number, currency: Currency): string {
  const decimals = CURRENCY_DECIMALS[currency];
  const digits = amount.toLocaleString('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  return `${CURRENCY_SYMBOL[currency]}${digits}`;
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
