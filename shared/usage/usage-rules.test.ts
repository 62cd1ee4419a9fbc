import { describe, expect, it } from 'vitest';
import { PRODUCT_NAME } from '../product.ts';
import {
  COUNTED_USAGE_TYPES,
  counterFor,
  countsAsReset,
  freeResetDate,
  paidResetDate,
  usageAllowed,
} from './usage-rules.ts';

const kst = (text: string) => Date.parse(`${text}+09:00`);

describe('the monthly reset rule', () => {
  it.each([
    ['the payment itself', '2026-01-31T10:00:00', '2026-01-31T10:00:00', '2026-01-31T10:00:00'],
    ['within the first month', '2026-01-31T10:00:00', '2026-02-20T08:00:00', '2026-01-31T10:00:00'],
    // A 31st falls back to the month's last day, and the next month counts from the 31st again.
    ['a short month', '2026-01-31T10:00:00', '2026-02-28T10:00:00', '2026-02-28T10:00:00'],
    ['the month after a short one', '2026-01-31T10:00:00', '2026-03-31T09:59:59', '2026-02-28T10:00:00'],
    ['on the anniversary', '2026-01-31T10:00:00', '2026-03-31T10:00:00', '2026-03-31T10:00:00'],
    ['an annual plan, months later', '2026-01-15T09:30:00', '2026-07-20T00:00:00', '2026-07-15T09:30:00'],
  ])('the paid month: %s', (_, paidAt, now, expected) => {
    expect(paidResetDate(kst(paidAt), kst(now))).toBe(kst(expected));
  });

  it('runs the FREE month by calendar month in Seoul', () => {
    expect(freeResetDate(kst('2026-03-01T00:00:00'))).toBe(kst('2026-03-01T00:00:00'));
    expect(freeResetDate(Date.parse('2026-02-28T15:30:00Z'))).toBe(kst('2026-03-01T00:00:00'));
  });

  it('counts usage as reset when its last update precedes the reset date', () => {
    const reset = kst('2026-03-10T10:00:00');
    expect(countsAsReset(undefined, reset)).toBe(true);
    expect(countsAsReset(reset - 1, reset)).toBe(true);
    expect(countsAsReset(reset, reset)).toBe(false);
    expect(countsAsReset(reset + 1, reset)).toBe(false);
  });
});

describe('usage types', () => {
  it('names the watermark counter after the product', () => {
    expect(COUNTED_USAGE_TYPES[0]).toBe(`DELETE_${PRODUCT_NAME.toUpperCase()}_MARK`);
  });

  it('counts FREE accounts only in the metered counters', () => {
    expect(counterFor('STT', false)).toBe('sttMonthly');
    expect(counterFor('STT', true)).toBe('paidSttMonthly');
    expect(counterFor('SHARED_CLIPBOARD', false)).toBeUndefined();
    expect(counterFor('SHARED_CLIPBOARD', true)).toBe('sharedClipboard');
  });

  it('gates the counted types by the paid features of the tier', () => {
    expect(usageAllowed('TTS', 'FREE')).toBe(true);
    expect(usageAllowed('DELETE_CUTLOOM_MARK', 'FREE')).toBe(false);
    expect(usageAllowed('DELETE_CUTLOOM_MARK', 'LIGHT')).toBe(true);
    expect(usageAllowed('USE_USER_TEMPLATE', 'LIGHT')).toBe(false);
    expect(usageAllowed('USE_USER_TEMPLATE', 'STANDARD')).toBe(true);
    expect(usageAllowed('SHARED_CLIPBOARD', 'CUSTOM')).toBe(true);
  });
});
