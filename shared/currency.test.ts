import { describe, expect, it } from 'vitest';
import { currencyForLanguage, floorToCurrency, formatPrice, priceIn } from './currency.ts';

describe('currency rules', () => {
  it('picks the currency by language: ko KRW, ja JPY, otherwise USD', () => {
    expect(['ko', 'ja', 'en', 'es', 'zh-TW'].map(currencyForLanguage)).toEqual([
      'KRW',
      'JPY',
      'USD',
      'USD',
      'USD',
    ]);
  });
  it('formats KRW and JPY without decimals and USD with two, integers included', () => {
    expect(formatPrice(1436400, 'KRW')).toBe('₩1,436,400');
    expect(formatPrice(1100, 'JPY')).toBe('¥1,100');
    expect(formatPrice(8, 'USD')).toBe('US$8.00');
    expect(formatPrice(1079.7, 'USD')).toBe('US$1,079.70');
  });
  it('floors to the currency decimals without binary-fraction surprises', () => {
    expect(floorToCurrency(19.99, 'USD')).toBe(19.99);
    expect(floorToCurrency(8.999, 'USD')).toBe(8.99);
    expect(floorToCurrency(9999.9, 'KRW')).toBe(9999);
  });
  it('reads the plan price of the currency', () => {
    const plan = { priceKo: 1, priceJa: 2, priceEn: 3 };
    expect([priceIn(plan, 'KRW'), priceIn(plan, 'JPY'), priceIn(plan, 'USD')]).toEqual([1, 2, 3]);
  });
});
