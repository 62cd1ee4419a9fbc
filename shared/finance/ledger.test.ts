import { describe, expect, it } from 'vitest';
import {
  ALL_METHODS,
  daysBetween,
  financeTotals,
  isFinancePeriod,
  kstDayBounds,
  kstDayOf,
  type LedgerLine,
  periodDays,
} from './ledger.ts';

const pay = (amount: number, currency: LedgerLine['currency'] = 'KRW', payMethod = 'card'): LedgerLine => ({
  kind: 'payment',
  currency,
  payMethod,
  amount,
});
const refund = (
  amount: number,
  currency: LedgerLine['currency'] = 'KRW',
  payMethod = 'card',
): LedgerLine => ({
  ...pay(amount, currency, payMethod),
  kind: 'refund',
});

describe('the finance totals', () => {
  it('add payments and refunds per currency and pay method, and per currency over every method', () => {
    const totals = financeTotals([
      pay(9900),
      pay(99000, 'KRW', 'vbank'),
      refund(4950),
      pay(8.99, 'USD'),
      pay(1000, 'JPY', 'card'),
      refund(1000, 'JPY', 'card'),
    ]);
    expect(totals).toEqual([
      { currency: 'KRW', payMethod: 'card', gross: 9900, refunded: 4950, net: 4950, payments: 1, refunds: 1 },
      { currency: 'KRW', payMethod: 'vbank', gross: 99000, refunded: 0, net: 99000, payments: 1, refunds: 0 },
      {
        currency: 'KRW',
        payMethod: ALL_METHODS,
        gross: 108900,
        refunded: 4950,
        net: 103950,
        payments: 2,
        refunds: 1,
      },
      { currency: 'JPY', payMethod: 'card', gross: 1000, refunded: 1000, net: 0, payments: 1, refunds: 1 },
      {
        currency: 'JPY',
        payMethod: ALL_METHODS,
        gross: 1000,
        refunded: 1000,
        net: 0,
        payments: 1,
        refunds: 1,
      },
      { currency: 'USD', payMethod: 'card', gross: 8.99, refunded: 0, net: 8.99, payments: 1, refunds: 0 },
      {
        currency: 'USD',
        payMethod: ALL_METHODS,
        gross: 8.99,
        refunded: 0,
        net: 8.99,
        payments: 1,
        refunds: 0,
      },
    ]);
  });

  it('adds dollars to the cent however many there are (minor units, not binary fractions)', () => {
    const [card] = financeTotals(Array.from({ length: 1000 }, () => pay(0.1, 'USD')));
    expect(card?.gross).toBe(100);
    const [net] = financeTotals([pay(19.99, 'USD'), refund(0.3, 'USD'), refund(0.01, 'USD')]);
    expect(net).toMatchObject({ gross: 19.99, refunded: 0.31, net: 19.68 });
  });

  it('refuses an amount finer than its currency rather than round it away', () => {
    expect(() => financeTotals([pay(9900.5)])).toThrow(RangeError);
  });

  it('has nothing to say of no entries', () => {
    expect(financeTotals([])).toEqual([]);
  });
});

describe('KST days and periods', () => {
  it('files an instant under its Seoul day', () => {
    expect(kstDayOf(Date.UTC(2030, 0, 31, 14, 59, 59, 999))).toBe('2030-01-31');
    expect(kstDayOf(Date.UTC(2030, 0, 31, 15))).toBe('2030-02-01');
    expect(kstDayBounds('2030-02-01')).toEqual({
      fromMs: Date.UTC(2030, 0, 31, 15),
      toMs: Date.UTC(2030, 1, 1, 15),
    });
  });

  it('reads a day or a month, and only real ones', () => {
    expect(isFinancePeriod('2030-01-31')).toBe(true);
    expect(isFinancePeriod('2030-01')).toBe(true);
    for (const period of ['2030-02-30', '2030-13', '2030-1', '2030', '2030-01-31T00:00', ' 2030-01'])
      expect(isFinancePeriod(period), period).toBe(false);
  });

  it('spans a month day by day, and a day is itself', () => {
    expect(periodDays('2028-02')).toHaveLength(29);
    expect(periodDays('2030-02').at(-1)).toBe('2030-02-28');
    expect(periodDays('2030-12')[0]).toBe('2030-12-01');
    expect(periodDays('2030-12-31')).toEqual(['2030-12-31']);
    expect(daysBetween('2030-12-30', '2031-01-02')).toEqual([
      '2030-12-30',
      '2030-12-31',
      '2031-01-01',
      '2031-01-02',
    ]);
    expect(daysBetween('2030-01-02', '2030-01-01')).toEqual([]);
  });
});
