import { Settings } from 'luxon';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_PLAN_PRICES, PARTNER_CATALOGUES } from '../../../shared/plans/price-book.ts';
import {
  allowanceShare,
  monthlyListPrice,
  movedNoMoneyOfItsOwn,
  refundAmountAllowed,
  refundDay,
  refundedSince,
  refundFigures,
} from './refund-amounts.ts';

const kst = (text: string) => Date.parse(`${text}+09:00`);

describe('what a plan is worth and what its payment can still return', () => {
  it('is the payment, less what was refunded before', () => {
    expect(refundFigures({ price: 19900, cancelledAmount: 0, currency: 'KRW' }, undefined)).toEqual({
      planValue: 19900,
      refundable: 19900,
      isUpgrade: false,
    });
    expect(
      refundFigures({ price: 19900, cancelledAmount: 5000, currency: 'KRW' }, { paymentType: 'regular' }),
    ).toEqual({ planValue: 19900, refundable: 14900, isUpgrade: false });
  });

  it('is exact to the cent: it is the checksum the provider compares with what it can cancel', () => {
    // 17.99 - 5.5 in binary fractions is 12.489999999999998, which the provider would refuse.
    expect(refundFigures({ price: 17.99, cancelledAmount: 5.5, currency: 'USD' }, undefined).refundable).toBe(
      12.49,
    );
  });

  it('of a plan bought by upgrading, is its payment plus the credit of the plan it replaced', () => {
    // An upgrade paid 14152 with a credit of 5748: the plan is worth the Standard price, 19900.
    expect(
      refundFigures(
        { price: 14152, cancelledAmount: 0, currency: 'KRW' },
        { paymentType: 'upgrade', credit: 5748 },
      ),
    ).toEqual({ planValue: 19900, refundable: 14152, isUpgrade: true });
    expect(
      refundFigures(
        { price: 12.77, cancelledAmount: 0, currency: 'USD' },
        { paymentType: 'upgrade', credit: 5.22 },
      ).planValue,
    ).toBe(17.99);
    // A credit recorded on another kind of order is no upgrade's; an upgrade without one adds nothing.
    expect(
      refundFigures(
        { price: 19900, cancelledAmount: 0, currency: 'KRW' },
        { paymentType: 'regular', credit: 5748 },
      ),
    ).toMatchObject({ planValue: 19900, isUpgrade: false });
    expect(
      refundFigures({ price: 19900, cancelledAmount: 0, currency: 'KRW' }, { paymentType: 'upgrade' }),
    ).toMatchObject({ planValue: 19900, isUpgrade: false });
  });
});

describe('what a used month costs', () => {
  it('is the monthly subscription list price of the plan’s type, in its currency', () => {
    expect(monthlyListPrice(BUILT_IN_PLAN_PRICES, { planType: 'STANDARD', currency: 'KRW' })).toBe(19900);
    expect(monthlyListPrice(BUILT_IN_PLAN_PRICES, { planType: 'BUSINESS', currency: 'JPY' })).toBe(4400);
    expect(monthlyListPrice(BUILT_IN_PLAN_PRICES, { planType: 'LIGHT', currency: 'USD' })).toBe(8.99);
  });

  it('is none for a partner’s pass, which has no monthly counterpart', () => {
    const prices = PARTNER_CATALOGUES.manebi?.prices ?? [];
    expect(monthlyListPrice(prices, { planType: 'CUSTOM', currency: 'KRW' })).toBeUndefined();
  });
});

describe('the allowance used', () => {
  const limits = { STT: 108000, TTS: 300000, TRANSLATE: 900000, GENIMAGE: 3000 };
  it('is the largest share of a monthly limit used on the paid plan', () => {
    const used = { STT: 54000, TTS: 30000, TRANSLATE: 0, GENIMAGE: 0 };
    expect(allowanceShare({ group: 'paid', limits, used })).toBe(0.5);
    expect(allowanceShare({ group: 'paid', limits, used: { ...used, STT: 0, GENIMAGE: 2250 } })).toBe(0.75);
  });

  it('is nothing outside a paid month, for a limit of zero, or for counters given back below zero', () => {
    const used = { STT: 54000, TTS: 0, TRANSLATE: 0, GENIMAGE: 0 };
    expect(allowanceShare({ group: 'free', limits, used })).toBe(0);
    expect(allowanceShare({ group: 'paid', limits: { ...limits, STT: 0 }, used })).toBe(0);
    expect(allowanceShare({ group: 'paid', limits, used: { ...used, STT: -600 } })).toBe(0);
  });
});

describe('the day a refund request counts on', () => {
  it('is its business day: a Saturday request counts on Monday, 19:00 or later on the next business day', () => {
    expect(refundDay(kst('2026-03-07T10:00:00'), new Set())).toBe('2026-03-09');
    expect(refundDay(kst('2026-03-10T19:00:00'), new Set())).toBe('2026-03-11');
    expect(refundDay(kst('2026-03-10T19:00:00'), new Set(['2026-03-11']))).toBe('2026-03-12');
  });

  it('is the chosen date itself in Seoul when the console turns business days off, whatever the server’s zone', () => {
    try {
      Settings.defaultZone = 'UTC';
      // 02:00 on the 7th in Seoul is still the 6th in UTC.
      expect(refundDay(kst('2026-03-07T02:00:00'), undefined)).toBe('2026-03-07');
      expect(refundDay(kst('2026-03-07T23:30:00'), undefined)).toBe('2026-03-07');
    } finally {
      Settings.defaultZone = 'system';
    }
  });
});

describe('the amount of a refund', () => {
  const quote = { estimatedRefundPrice: 13289, refundable: 19900, currency: 'KRW' as const };

  it('is the estimate, exactly, for the customer', () => {
    expect(refundAmountAllowed(13289, quote, 'estimate')).toBe(true);
    expect(refundAmountAllowed(13290, quote, 'estimate')).toBe(false);
    expect(refundAmountAllowed(0, quote, 'estimate')).toBe(false);
  });

  it('is anything from zero to what the payment can still return, for an operator', () => {
    for (const price of [0, 5000, 19900])
      expect(refundAmountAllowed(price, quote, 'at-most-refundable')).toBe(true);
    for (const price of [19901, -1])
      expect(refundAmountAllowed(price, quote, 'at-most-refundable')).toBe(false);
    expect(
      refundAmountAllowed(12.49, { ...quote, refundable: 12.49, currency: 'USD' }, 'at-most-refundable'),
    ).toBe(true);
    expect(
      refundAmountAllowed(12.5, { ...quote, refundable: 12.49, currency: 'USD' }, 'at-most-refundable'),
    ).toBe(false);
  });
});

describe('another refund of the same payment', () => {
  it('returned what the payment’s cancelled amount grew by since the quote', () => {
    expect(refundedSince(0, 13289, 'KRW')).toBe(13289);
    expect(refundedSince(5.5, 17.99, 'USD')).toBe(12.49);
    expect(refundedSince(5000, 5000, 'KRW')).toBe(0);
    expect(refundedSince(5000, undefined, 'KRW')).toBe(0);
    // The provider never saw a refund to the product account: its cancelled amount is below ours.
    expect(refundedSince(5000, 0, 'KRW')).toBe(0);
  });

  it('leaves this one without money of its own moved: to the product account, or the same wallet refund', () => {
    expect(movedNoMoneyOfItsOwn({ price: 5000, refundSource: 'cutloom' }, 13289, 'KRW')).toBe(true);
    expect(movedNoMoneyOfItsOwn({ price: 13289, refundSource: 'naver_pay' }, 13289, 'KRW')).toBe(true);
    expect(movedNoMoneyOfItsOwn({ price: 5000, refundSource: 'naver_pay' }, 13289, 'KRW')).toBe(false);
    expect(movedNoMoneyOfItsOwn({ price: 13289, refundSource: 'portone' }, 13289, 'KRW')).toBe(false);
  });
});
