import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, type Currency, hasCurrencyPrecision } from '../currency.ts';
import { annualSubPrice, discountedPrice, discountRate, eraserPrice } from './prices.ts';

/** A currency, an original price in it of at least `minMinor` smallest units, and a whole-percent rate. */
const couponCase = (minMinor: number) =>
  fc
    .tuple(
      fc.constantFrom<Currency>(...CURRENCIES),
      fc.integer({ min: minMinor, max: 200_000_000 }),
      fc.integer({ min: 0, max: 100 }),
    )
    .map(([c, minor, rate]) => ({
      c,
      original: minor / (c === 'USD' ? 100 : 1),
      rate,
      unit: c === 'USD' ? 0.01 : 1,
    }));

describe("a coupon's discounted price", () => {
  it('is the original times (1 - rate/100), floored to the currency', () => {
    expect(discountedPrice(9900, 30, 'KRW')).toBe(6930);
    expect(discountedPrice(9900, 33, 'KRW')).toBe(6633);
    expect(discountedPrice(1100, 15, 'JPY')).toBe(935);
    expect(discountedPrice(8.99, 30, 'USD')).toBe(6.29); // 6.293
    expect(discountedPrice(19.99, 10, 'USD')).toBe(17.99); // 17.991
    expect(discountedPrice(107.88, 0, 'USD')).toBe(107.88);
    expect(discountedPrice(107.88, 100, 'USD')).toBe(0);
  });

  it('refuses a rate outside 0 to 100', () => {
    expect(() => discountedPrice(9900, -1, 'KRW')).toThrow(RangeError);
    expect(() => discountedPrice(9900, 101, 'KRW')).toThrow(RangeError);
    expect(() => discountedPrice(9900, Number.NaN, 'KRW')).toThrow(RangeError);
  });

  it('never charges more than the exact discount, nor a cent less than a unit under it', () => {
    fc.assert(
      fc.property(couponCase(0), ({ c, original, rate, unit }) => {
        const price = discountedPrice(original, rate, c);
        const exact = (original * (100 - rate)) / 100;
        expect(hasCurrencyPrecision(price, c)).toBe(true);
        expect(price).toBeLessThanOrEqual(exact + 1e-9);
        expect(exact - price).toBeLessThan(unit);
      }),
    );
  });
});

describe('the discount rate', () => {
  it('is computed from the original and the discounted price, in whole percent', () => {
    expect(discountRate(9900, 6930)).toBe(30);
    expect(discountRate(8.99, 6.29)).toBe(30);
    expect(discountRate(9900, 9900)).toBe(0);
    expect(discountRate(9900, 0)).toBe(100);
    expect(discountRate(0, 0)).toBe(0);
  });

  it('gives back the rate a coupon price was made with', () => {
    fc.assert(
      fc.property(couponCase(200), ({ c, original, rate }) => {
        expect(discountRate(original, discountedPrice(original, rate, c))).toBe(rate);
      }),
    );
  });
});

describe('the annual sub-price', () => {
  it('is the annual price over 12, floored to the currency', () => {
    expect(annualSubPrice(99000, 'KRW')).toBe(8250);
    expect(annualSubPrice(11000, 'JPY')).toBe(916);
    expect(annualSubPrice(89.9, 'USD')).toBe(7.49);
    expect(annualSubPrice(1296, 'USD')).toBe(108);
  });
});

describe("the eraser's price", () => {
  it('is the KRW price for KRW, the JPY price for JPY, otherwise the USD price', () => {
    const option = { priceKo: 5500, priceJa: 600, priceEn: 4.99 };
    expect(eraserPrice(option, 'KRW')).toBe(5500);
    expect(eraserPrice(option, 'JPY')).toBe(600);
    expect(eraserPrice(option, 'USD')).toBe(4.99);
  });
});
