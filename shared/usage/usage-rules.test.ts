import { Settings } from 'luxon';
import { describe, expect, it } from 'vitest';
import { PRODUCT_NAME } from '../product.ts';
import {
  COUNTED_USAGE_TYPES,
  counterFor,
  countsAsReset,
  freeResetDate,
  METERED_USAGE_TYPES,
  paidResetDate,
  USAGE_TYPES,
  USAGE_UNIT,
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
    ['the day before the anniversary', '2026-01-15T09:30:00', '2026-07-15T09:29:59', '2026-06-15T09:30:00'],
    ['across a new year', '2025-11-15T09:30:00', '2026-02-20T00:00:00', '2026-02-15T09:30:00'],
    [
      'a year later, before the anniversary',
      '2025-11-15T09:30:00',
      '2026-11-14T00:00:00',
      '2026-10-15T09:30:00',
    ],
    ['a clock behind the payment', '2026-01-15T09:30:00', '2026-01-10T00:00:00', '2026-01-15T09:30:00'],
  ])('the paid month: %s', (_, paidAt, now, expected) => {
    expect(paidResetDate(kst(paidAt), kst(now))).toBe(kst(expected));
  });

  it('goes by the calendar in Seoul, whatever zone the server runs in', () => {
    // 31 January 01:00 in Seoul is still the 30th in UTC and in New York.
    const paidAt = kst('2026-01-31T01:00:00');
    try {
      for (const zone of ['UTC', 'America/New_York']) {
        Settings.defaultZone = zone;
        expect(paidResetDate(paidAt, kst('2026-02-28T12:00:00')), zone).toBe(kst('2026-02-28T01:00:00'));
        // 1 April 05:00 in Seoul is still March elsewhere: the April anniversary has come all the same.
        expect(paidResetDate(kst('2026-01-01T01:00:00'), kst('2026-04-01T05:00:00')), zone).toBe(
          kst('2026-04-01T01:00:00'),
        );
        expect(freeResetDate(kst('2026-03-01T00:30:00')), zone).toBe(kst('2026-03-01T00:00:00'));
      }
    } finally {
      Settings.defaultZone = 'system';
    }
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

  it('counts FREE accounts only in the metered counters, by the console’s field names (admin section 3)', () => {
    expect(METERED_USAGE_TYPES.map((type) => counterFor(type, false))).toEqual([
      'sttMonthly',
      'ttsMonthly',
      'translateMonthly',
      'genimageMonthly',
    ]);
    for (const type of COUNTED_USAGE_TYPES) expect(counterFor(type, false)).toBeUndefined();
    expect(USAGE_TYPES.map((type) => counterFor(type, true))).toEqual([
      'paidSttMonthly',
      'paidTtsMonthly',
      'paidTranslateMonthly',
      'paidGenimageMonthly',
      `delete${PRODUCT_NAME}Mark`,
      'sharedClipboard',
      'createUserTemplate',
      'useUserTemplate',
    ]);
  });

  it('counts STT in seconds, TTS and translation in characters, images in credits, the others in times', () => {
    expect(USAGE_UNIT).toEqual({
      STT: 'seconds',
      TTS: 'characters',
      TRANSLATE: 'characters',
      GENIMAGE: 'credits',
      DELETE_CUTLOOM_MARK: 'times',
      SHARED_CLIPBOARD: 'times',
      CREATE_USER_TEMPLATE: 'times',
      USE_USER_TEMPLATE: 'times',
    });
  });

  it('gates the counted types by the paid features of the tier', () => {
    expect(usageAllowed('TTS', 'FREE')).toBe(true);
    expect(usageAllowed('DELETE_CUTLOOM_MARK', 'FREE')).toBe(false);
    expect(usageAllowed('DELETE_CUTLOOM_MARK', 'LIGHT')).toBe(true);
    expect(usageAllowed('USE_USER_TEMPLATE', 'LIGHT')).toBe(false);
    expect(usageAllowed('USE_USER_TEMPLATE', 'STANDARD')).toBe(true);
    expect(usageAllowed('CREATE_USER_TEMPLATE', 'LIGHT')).toBe(false);
    expect(usageAllowed('CREATE_USER_TEMPLATE', 'BUSINESS')).toBe(true);
    expect(usageAllowed('SHARED_CLIPBOARD', 'LIGHT')).toBe(false);
    expect(usageAllowed('SHARED_CLIPBOARD', 'CUSTOM')).toBe(true);
  });
});
