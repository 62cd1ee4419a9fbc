import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, type Currency, hasCurrencyPrecision } from '../currency.ts';
import { BUILT_IN_PLAN_PRICES } from '../plans/price-book.ts';
import {
  chargedAmount,
  checkFinalPrice,
  isWithinPriceBounds,
  PRICE_BOUNDS,
  testModePrice,
} from './price-bounds.ts';

const currency = fc.constantFrom<Currency>(...CURRENCIES);
/** An amount of a currency with its decimals, between 0 and twice the real maximum. */
const amountIn = (c: Currency) =>
  fc
    .integer({ min: 0, max: PRICE_BOUNDS[c].real.max * 2 * (c === 'USD' ? 100 : 1) })
    .map((minor) => (c === 'USD' ? minor / 100 : minor));

describe('price bounds (section 5)', () => {
  it('are the specification figures', () => {
    expect(PRICE_BOUNDS).toEqual({
      KRW: { real: { min: 7900, max: 1_436_400 }, test: { min: 2000, max: 5000 } },
      JPY: { real: { min: 900, max: 162_000 }, test: { min: 200, max: 500 } },
      USD: { real: { min: 7, max: 1296 }, test: { min: 2, max: 5 } },
    });
  });

  it('hold every catalogue price', () => {
    for (const plan of BUILT_IN_PLAN_PRICES) {
      expect(isWithinPriceBounds(plan.priceKo, 'KRW'), plan.name).toBe(true);
      expect(isWithinPriceBounds(plan.priceJa, 'JPY'), plan.name).toBe(true);
      expect(isWithinPriceBounds(plan.priceEn, 'USD'), plan.name).toBe(true);
    }
  });

  it('refuse prices outside the range or finer than the currency', () => {
    expect(isWithinPriceBounds(7899, 'KRW')).toBe(false);
    expect(isWithinPriceBounds(1_436_401, 'KRW')).toBe(false);
    expect(isWithinPriceBounds(6.99, 'USD')).toBe(false);
    expect(isWithinPriceBounds(8.999, 'USD')).toBe(false);
    expect(isWithinPriceBounds(1000.5, 'JPY')).toBe(false);
    expect(isWithinPriceBounds(1296, 'USD')).toBe(true);
  });
});

describe('the test-mode price', () => {
  it('maps the ends of the real range onto the ends of the test range', () => {
    for (const c of CURRENCIES) {
      const { real, test } = PRICE_BOUNDS[c];
      expect(testModePrice(real.min, c)).toBe(test.min);
      expect(testModePrice(real.max, c)).toBe(test.max);
    }
  });

  it('is linear in between, rounded half up to the currency', () => {
    // 7900 + 1428500 / 2 = 722150 -> 3500; 9900 -> 2000 + 2000 * 3000 / 1428500 = 2004.2 -> 2004
    expect(testModePrice(722_150, 'KRW')).toBe(3500);
    expect(testModePrice(9900, 'KRW')).toBe(2004);
    // 8.99 -> 2 + 1.99 * 3 / 1289 = 2.00463 -> 2.00; 1079.7 -> 2 + 1072.7 * 3 / 1289 = 4.4966 -> 4.50
    expect(testModePrice(8.99, 'USD')).toBe(2);
    expect(testModePrice(1079.7, 'USD')).toBe(4.5);
    // 1100 -> 200 + 200 * 300 / 161100 = 200.37 -> 200; 132000 -> 200 + 131100 * 300 / 161100 = 444.13 -> 444
    expect(testModePrice(1100, 'JPY')).toBe(200);
    expect(testModePrice(132_000, 'JPY')).toBe(444);
  });

  it('keeps zero at zero and clamps amounts outside the real range to the test range', () => {
    expect(testModePrice(0, 'KRW')).toBe(0);
    expect(testModePrice(1000, 'KRW')).toBe(2000);
    expect(testModePrice(5_000_000, 'KRW')).toBe(5000);
  });

  it('always charges inside the test range, in the currency precision, never less for more', () => {
    fc.assert(
      fc.property(
        currency.chain((c) => fc.tuple(fc.constant(c), amountIn(c), amountIn(c))),
        ([c, a, b]) => {
          const { test } = PRICE_BOUNDS[c];
          for (const amount of [a, b]) {
            const mapped = testModePrice(amount, c);
            expect(hasCurrencyPrecision(mapped, c)).toBe(true);
            if (amount > 0) {
              expect(mapped).toBeGreaterThanOrEqual(test.min);
              expect(mapped).toBeLessThanOrEqual(test.max);
            }
          }
          if (a > 0 && b > 0 && a <= b) expect(testModePrice(a, c)).toBeLessThanOrEqual(testModePrice(b, c));
        },
      ),
    );
  });

  it('is only applied in test mode', () => {
    expect(chargedAmount(9900, 'KRW', false)).toBe(9900);
    expect(chargedAmount(9900, 'KRW', true)).toBe(2004);
  });
});

describe('the final price check', () => {
  it('refuses a negative price, NaN and an amount finer than the currency: the invalid-price error', () => {
    expect(checkFinalPrice(-1, 'KRW')).toBe('invalid');
    expect(checkFinalPrice(-0.01, 'USD')).toBe('invalid');
    expect(checkFinalPrice(Number.NaN, 'USD')).toBe('invalid');
    expect(checkFinalPrice(8.999, 'USD')).toBe('invalid');
    expect(checkFinalPrice(9900.5, 'KRW')).toBe('invalid');
  });

  it('refuses more than the real maximum (no discount raises a price)', () => {
    expect(checkFinalPrice(1_436_401, 'KRW')).toBe('invalid');
    expect(checkFinalPrice(1_436_400, 'KRW')).toBe('payable');
  });

  it('treats zero as nothing to pay (no pay button), and an amount under the real minimum as payable', () => {
    expect(checkFinalPrice(0, 'JPY')).toBe('free');
    expect(checkFinalPrice(3950, 'KRW')).toBe('payable');
    expect(checkFinalPrice(0.5, 'USD')).toBe('payable');
  });

  it('classifies every amount of the currency one way only, by sign and bound', () => {
    fc.assert(
      fc.property(
        currency.chain((c) => fc.tuple(fc.constant(c), amountIn(c), fc.boolean())),
        ([c, amount, negative]) => {
          const value = negative ? -amount : amount;
          const expected =
            value < 0 || value > PRICE_BOUNDS[c].real.max ? 'invalid' : value === 0 ? 'free' : 'payable';
          expect(checkFinalPrice(value, c)).toBe(expected);
        },
      ),
    );
  });
});
