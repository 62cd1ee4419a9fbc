import { Settings } from 'luxon';
import { afterEach, describe, expect, it } from 'vitest';
import { estimateRefund, type RefundBasis, upgradeCredit } from './refund-rules.ts';

const kst = (text: string) => Date.parse(`${text}+09:00`);

const monthly: Omit<RefundBasis, 'refundDay'> = {
  period: 'MONTHLY',
  currency: 'KRW',
  paidAtMs: kst('2026-03-10T10:00:00'),
  expiredAtMs: kst('2026-04-10T10:00:00'),
  planValue: 19900,
  refundable: 19900,
  monthlyListPrice: 19900,
  allowanceShare: 0,
};
const annual: Omit<RefundBasis, 'refundDay'> = {
  period: 'ANNUAL',
  currency: 'KRW',
  paidAtMs: kst('2026-01-15T09:30:00'),
  expiredAtMs: kst('2027-01-15T09:30:00'),
  planValue: 199000,
  refundable: 199000,
  monthlyListPrice: 19900,
  allowanceShare: 0,
};

describe('the refund estimate', () => {
  it.each([
    [
      'monthly, day 3, nothing used: full',
      { ...monthly, refundDay: '2026-03-12' },
      { usedPeriod: 3, isFullRefund: true, estimatedRefundPrice: 19900 },
    ],
    [
      'monthly, day 7, nothing used: still full',
      { ...monthly, refundDay: '2026-03-16' },
      { usedPeriod: 7, isFullRefund: true, estimatedRefundPrice: 19900 },
    ],
    // 8 of 31 days: 19900 * 8 / 31 = 5135; the rest 14765 less its 10% (1476) = 13289. A day is 19900 / 31.
    [
      'monthly, day 8: days used, then the fee',
      { ...monthly, refundDay: '2026-03-17' },
      {
        isDaily: true,
        usedPeriod: 8,
        totalPeriod: 31,
        fixedPrice: 642,
        isFullRefund: false,
        usedValue: 5135,
        fee: 1476,
        estimatedRefundPrice: 13289,
      },
    ],
    // Half the allowance is worth more than 3 days: 9950 kept, 9950 less 995.
    [
      'monthly, day 3 with half the allowance used: the allowance counts',
      { ...monthly, refundDay: '2026-03-12', allowanceShare: 0.5 },
      { usedPeriod: 3, isFullRefund: false, usedValue: 9950, fee: 995, estimatedRefundPrice: 8955 },
    ],
    [
      'monthly, a day before the payment: nothing used, nothing refunded',
      { ...monthly, refundDay: '2026-03-09' },
      { usedPeriod: 0, isFullRefund: false, estimatedRefundPrice: 0 },
    ],
    [
      'monthly, a requested date days before the payment: still nothing used',
      { ...monthly, refundDay: '2026-03-01' },
      { usedPeriod: 0, isFullRefund: false, estimatedRefundPrice: 0 },
    ],
    [
      'monthly, after the period ended: all used',
      { ...monthly, refundDay: '2026-04-15' },
      { usedPeriod: 31, estimatedRefundPrice: 0 },
    ],
    [
      'monthly, partly returned before: at most what is left',
      { ...monthly, refundable: 5000, refundDay: '2026-03-17' },
      { estimatedRefundPrice: 5000 },
    ],
    // 3 started months at the monthly list price: 59700 kept; 139300 less 13930.
    [
      'annual, third month: months at the monthly list price',
      { ...annual, refundDay: '2026-03-20' },
      {
        isDaily: false,
        usedPeriod: 3,
        fixedPrice: 19900,
        usedValue: 59700,
        fee: 13930,
        estimatedRefundPrice: 125370,
      },
    ],
    [
      'annual, day 6, nothing used: full',
      { ...annual, refundDay: '2026-01-20' },
      { usedPeriod: 1, isFullRefund: true, estimatedRefundPrice: 199000 },
    ],
    [
      'annual, day 6 with allowance used: one month kept',
      { ...annual, refundDay: '2026-01-20', allowanceShare: 0.1 },
      { usedPeriod: 1, isFullRefund: false, estimatedRefundPrice: 161190 },
    ],
    [
      'annual, the month starts on the anniversary day',
      { ...annual, refundDay: '2026-02-15' },
      { usedPeriod: 2 },
    ],
    // A pass of three years is a plan of a year or more: 12 started months at the monthly list price,
    // 238800 kept; 358200 less 35820. By days it would keep 361 of 1096 days and refund 360323.
    [
      'three-year pass, twelfth month: months at the monthly list price',
      {
        ...annual,
        period: 'THREE_YEAR',
        expiredAtMs: kst('2029-01-15T09:30:00'),
        planValue: 597000,
        refundable: 597000,
        refundDay: '2027-01-10',
      },
      {
        isDaily: false,
        usedPeriod: 12,
        totalPeriod: 36,
        fixedPrice: 19900,
        usedValue: 238800,
        fee: 35820,
        estimatedRefundPrice: 322380,
      },
    ],
    [
      'a partner pass without a monthly price: its own price per month',
      {
        ...annual,
        period: 'ONE_YEAR',
        planValue: 360000,
        refundable: 360000,
        monthlyListPrice: undefined,
        refundDay: '2026-03-20',
      },
      { fixedPrice: 30000, usedValue: 90000, estimatedRefundPrice: 243000 },
    ],
    // 11 of 31 days of 17.99: 6.38 kept; 11.61 less 1.16.
    [
      'dollars keep their cents',
      {
        ...monthly,
        currency: 'USD',
        planValue: 17.99,
        refundable: 17.99,
        monthlyListPrice: 17.99,
        refundDay: '2026-03-20',
      },
      { usedPeriod: 11, usedValue: 6.38, fee: 1.16, estimatedRefundPrice: 10.45 },
    ],
    [
      'an upgraded plan is worth its payment and its credit',
      { ...annual, planValue: 199000, refundable: 199000, refundDay: '2026-01-16' },
      { isFullRefund: true, estimatedRefundPrice: 199000 },
    ],
  ] as const)('%s', (_, basis, expected) => {
    expect(estimateRefund(basis as RefundBasis)).toMatchObject(expected);
  });
});

describe('the refund day', () => {
  afterEach(() => {
    Settings.defaultZone = 'system';
  });

  it('is a date in Seoul, whatever zone the server runs in', () => {
    const onAnniversary = { ...annual, refundDay: '2026-02-15' };
    const inSeoul = estimateRefund(onAnniversary);
    for (const zone of ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati']) {
      Settings.defaultZone = zone;
      expect(estimateRefund(onAnniversary), zone).toEqual(inSeoul);
    }
  });
});

describe('the upgrade credit', () => {
  it('is the share of whole days still ahead, today counted as used', () => {
    const base = { currency: 'KRW' as const, paidAtMs: monthly.paidAtMs, expiredAtMs: monthly.expiredAtMs };
    // 11 of 31 days used: 20 left, 9900 * 20 / 31 = 6387.
    expect(upgradeCredit({ ...base, price: 9900, nowMs: kst('2026-03-20T12:00:00') })).toBe(6387);
    expect(upgradeCredit({ ...base, price: 9900, nowMs: kst('2026-04-10T09:00:00') })).toBe(0);
    expect(upgradeCredit({ ...base, price: 8.99, currency: 'USD', nowMs: kst('2026-03-10T11:00:00') })).toBe(
      8.7,
    );
  });
});
