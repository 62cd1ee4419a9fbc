import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  currencyForLanguage,
  floorToCurrency,
  formatPrice,
  fromMinorUnits,
  groupDigits,
  hasCurrencyPrecision,
  priceIn,
  roundToCurrency,
  toMinorUnits,
} from './currency.ts';

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
    // Nothing to pay (an upgrade its credit covers) shows no sign.
    expect(formatPrice(0, 'KRW')).toBe('₩0');
    expect(formatPrice(0, 'USD')).toBe('US$0.00');
  });
  it('groups digits as toLocaleString("en-US") does, for amounts in their decimals (prices, quantities)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e13, max: 1e13 }),
        fc.integer({ min: 0, max: 2 }),
        (units, decimals) => {
          const amount = units / 10 ** decimals;
          const expected = amount.toLocaleString('en-US', {
            minimumFractionDigits: decimals,
            maximumFractionDigits: decimals,
          });
          expect(groupDigits(amount, decimals)).toBe(expected);
        },
      ),
    );
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
  it('rounds half up to the currency decimals', () => {
    expect(roundToCurrency(2.005, 'USD')).toBe(2.01);
    expect(roundToCurrency(2.0049, 'USD')).toBe(2);
    expect(roundToCurrency(2004.5, 'KRW')).toBe(2005);
  });
  it('tells whether an amount fits the currency decimals', () => {
    expect(hasCurrencyPrecision(8.99, 'USD')).toBe(true);
    expect(hasCurrencyPrecision(0.1 + 0.2, 'USD')).toBe(true);
    expect(hasCurrencyPrecision(8.999, 'USD')).toBe(false);
    expect(hasCurrencyPrecision(9900.5, 'KRW')).toBe(false);
    expect(hasCurrencyPrecision(Number.POSITIVE_INFINITY, 'KRW')).toBe(false);
  });
  it('converts to and from minor units exactly, and refuses amounts finer than the currency', () => {
    expect(toMinorUnits(1079.7, 'USD')).toBe(107970);
    expect(toMinorUnits(1100, 'JPY')).toBe(1100);
    expect(() => toMinorUnits(0.001, 'USD')).toThrow(RangeError);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e11 }), (cents) => {
        expect(toMinorUnits(fromMinorUnits(cents, 'USD'), 'USD')).toBe(cents);
      }),
    );
  });
});
