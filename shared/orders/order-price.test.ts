import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, type Currency, hasCurrencyPrecision, toMinorUnits } from '../currency.ts';
import { PRICE_BOUNDS } from '../payments/price-bounds.ts';
import { discountedPrice } from '../payments/prices.ts';
import { BUILT_IN_PLAN_PRICES, LEGACY_PLAN_PRICES, PARTNER_CATALOGUES } from '../plans/price-book.ts';
import { orderCharge, orderPrice } from './order-price.ts';

const unit = (c: Currency) => (c === 'USD' ? 0.01 : 1);
/** A catalogue price within its currency's bounds, in the currency's precision. */
const boundedPrice = (c: Currency) =>
  fc
    .integer({
      min: toMinorUnits(PRICE_BOUNDS[c].real.min, c),
      max: toMinorUnits(PRICE_BOUNDS[c].real.max, c),
    })
    .map((minor) => minor * unit(c));
const plan = fc.record({
  priceKo: boundedPrice('KRW'),
  priceJa: boundedPrice('JPY'),
  priceEn: boundedPrice('USD').map((value) => Math.round(value * 100) / 100),
});

describe('an order’s price', () => {
  it('is the list price without a discount', () => {
    expect(orderPrice({ plan: { priceKo: 9900, priceJa: 1100, priceEn: 8.99 }, currency: 'USD' })).toEqual({
      listPrice: 8.99,
      finalPrice: 8.99,
      discountRate: 0,
      discountSource: 'none',
    });
  });

  it('takes the better of the partner’s rate and the coupon, never both', () => {
    const standard = { priceKo: 19900, priceJa: 2200, priceEn: 17.99 };
    const coupon = { priceKo: 17000, priceJa: 1980, priceEn: 16.19 };
    expect(
      orderPrice({ plan: standard, currency: 'KRW', referralDiscountPercent: 10, couponPrice: coupon }),
    ).toEqual({ listPrice: 19900, finalPrice: 17000, discountRate: 15, discountSource: 'coupon' });
    expect(
      orderPrice({ plan: standard, currency: 'JPY', referralDiscountPercent: 20, couponPrice: coupon }),
    ).toMatchObject({ finalPrice: 1760, discountSource: 'referral' });
  });

  it('takes the preregistration rate when it is the best discount, never stacked on another', () => {
    const standard = { priceKo: 19900, priceJa: 2200, priceEn: 17.99 };
    const coupon = { priceKo: 17000, priceJa: 1980, priceEn: 16.19 };
    expect(
      orderPrice({ plan: standard, currency: 'KRW', preregistrationPercent: 30, couponPrice: coupon }),
    ).toEqual({ listPrice: 19900, finalPrice: 13930, discountRate: 30, discountSource: 'preregistration' });
    expect(
      orderPrice({ plan: standard, currency: 'USD', preregistrationPercent: 5, referralDiscountPercent: 10 }),
    ).toMatchObject({ finalPrice: 16.19, discountSource: 'referral' });
  });

  it('names the coupon on a tie with the preregistration rate, so the preregistration stays unused', () => {
    // The coupon the customer applied is taken with the order whatever it saves; the preregistration
    // coupon is used up only by the order whose discount it is.
    const standard = { priceKo: 19900, priceJa: 2200, priceEn: 17.99 };
    const coupon = { priceKo: 15920, priceJa: 1760, priceEn: 14.39 };
    expect(
      orderPrice({ plan: standard, currency: 'KRW', preregistrationPercent: 20, couponPrice: coupon }),
    ).toEqual({ listPrice: 19900, finalPrice: 15920, discountRate: 20, discountSource: 'coupon' });
    // On a tie with the partner's rate, the partner's (it never runs out).
    expect(
      orderPrice({
        plan: standard,
        currency: 'KRW',
        referralDiscountPercent: 20,
        preregistrationPercent: 20,
      }),
    ).toMatchObject({ finalPrice: 15920, discountSource: 'referral' });
  });

  it('refuses a catalogue price outside the bounds rather than charge it', () => {
    expect(() => orderPrice({ plan: { priceKo: 5000, priceJa: 900, priceEn: 7 }, currency: 'KRW' })).toThrow(
      RangeError,
    );
    expect(() =>
      orderPrice({ plan: { priceKo: 9900, priceJa: 900, priceEn: 1300 }, currency: 'USD' }),
    ).toThrow(RangeError);
  });

  it('is never above the list price nor negative, in the currency’s precision, for any discounts', () => {
    fc.assert(
      fc.property(
        plan,
        fc.constantFrom(...CURRENCIES),
        fc.integer({ min: 0, max: 100 }),
        fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
        (planPrices, currency, referral, couponRate) => {
          const couponPrice =
            couponRate === undefined
              ? undefined
              : {
                  priceKo: discountedPrice(planPrices.priceKo, couponRate, 'KRW'),
                  priceJa: discountedPrice(planPrices.priceJa, couponRate, 'JPY'),
                  priceEn: discountedPrice(planPrices.priceEn, couponRate, 'USD'),
                };
          const price = orderPrice({
            plan: planPrices,
            currency,
            referralDiscountPercent: referral,
            couponPrice,
          });
          expect(price.finalPrice).toBeLessThanOrEqual(price.listPrice);
          expect(price.finalPrice).toBeGreaterThanOrEqual(0);
          expect(hasCurrencyPrecision(price.finalPrice, currency)).toBe(true);
          const best = Math.min(
            referral ? 100 - referral : 100,
            couponRate === undefined ? 100 : 100 - couponRate,
          );
          // The better discount wins: the final price is within one unit of the list price at the best rate.
          expect(Math.abs(price.finalPrice - (price.listPrice * best) / 100)).toBeLessThan(unit(currency));
        },
      ),
    );
  });

  it('prices every plan of every catalogue within its currency’s bounds', () => {
    const catalogues = [
      BUILT_IN_PLAN_PRICES,
      LEGACY_PLAN_PRICES,
      ...Object.values(PARTNER_CATALOGUES).map((c) => c.prices),
    ];
    for (const prices of catalogues) {
      for (const planPrice of prices) {
        for (const currency of CURRENCIES) {
          expect(
            () => orderPrice({ plan: planPrice, currency }),
            `${planPrice.name} ${currency}`,
          ).not.toThrow();
        }
      }
    }
  });
});

describe('what an order charges', () => {
  it('is its final price, or in test mode that price mapped into the test range', () => {
    expect(orderCharge(19900, 'KRW', false)).toEqual({ kind: 'payable', amount: 19900 });
    expect(orderCharge(1_436_400, 'KRW', true)).toEqual({ kind: 'payable', amount: 5000 });
    expect(orderCharge(0, 'USD', false)).toEqual({ kind: 'free' });
    expect(orderCharge(-1, 'JPY', false)).toEqual({ kind: 'invalid' });
    expect(orderCharge(9.999, 'USD', true)).toEqual({ kind: 'invalid' });
  });

  it('in test mode always lies in the test range, never more for less', () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom(...CURRENCIES)
          .chain((c) => fc.tuple(fc.constant(c), boundedPrice(c), boundedPrice(c))),
        ([currency, a, b]) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          const lowCharge = orderCharge(low, currency, true);
          const highCharge = orderCharge(high, currency, true);
          if (lowCharge.kind !== 'payable' || highCharge.kind !== 'payable') throw new Error('not payable');
          const { test } = PRICE_BOUNDS[currency];
          for (const amount of [lowCharge.amount, highCharge.amount]) {
            expect(amount).toBeGreaterThanOrEqual(test.min);
            expect(amount).toBeLessThanOrEqual(test.max);
          }
          expect(lowCharge.amount).toBeLessThanOrEqual(highCharge.amount);
        },
      ),
    );
  });
});
