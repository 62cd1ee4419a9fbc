import { CURRENCIES, type Currency, formatPrice } from '../../../../../shared/currency.ts';

/** What a payment took: in the product's way for its currencies, as the provider said for another. */
export function moneyText(amount: number, currency: string): string {
  return CURRENCIES.includes(currency as Currency)
    ? formatPrice(amount, currency as Currency)
    : `${amount} ${currency}`;
}
