import { describe, expect, it } from 'vitest';
import {
  formatKst,
  INVALID_DATE_FORMAT,
  kstDayRange,
  kstToday,
  parseKstDate,
  parseKstDateTime,
  parseKstMonth,
} from './kst.ts';

describe('KST helpers', () => {
  it('shows an instant in Seoul time, to the minute', () => {
    expect(formatKst(Date.UTC(2025, 0, 31, 15, 30, 5))).toBe('2025-02-01 00:30');
    expect(formatKst(Date.UTC(2025, 0, 31, 15), 'yyyy-MM-dd')).toBe('2025-02-01');
    expect(formatKst(undefined)).toBe('');
  });

  it('reads days, months and date-times as Seoul time', () => {
    expect(parseKstDate('2025-02-01')).toBe(Date.UTC(2025, 0, 31, 15));
    expect(parseKstMonth('2025-02')).toBe(Date.UTC(2025, 0, 31, 15));
    expect(parseKstDateTime('2025-02-01 09:15')).toBe(Date.UTC(2025, 1, 1, 0, 15));
  });

  it('reads a date-time pasted in ISO 8601: with or without seconds, a fraction and a zone', () => {
    const kst = Date.UTC(2030, 0, 31, 14, 59);
    expect(parseKstDateTime('2030-01-31T23:59')).toBe(kst);
    expect(parseKstDateTime(' 2030-01-31T23:59:00 ')).toBe(kst);
    expect(parseKstDateTime('2030-01-31t23:59:30.25')).toBe(kst + 30_250);
    expect(parseKstDateTime('2030-01-31 23:59:07')).toBe(kst + 7_000);
    expect(parseKstDateTime('2030-01-31T23:59+09:00')).toBe(kst);
    expect(parseKstDateTime('2030-01-31T23:59:00+0900')).toBe(kst);
    expect(parseKstDateTime('2030-01-31T14:59:00Z')).toBe(kst);
    expect(parseKstDateTime('2030-01-31T09:59:00-05:00')).toBe(kst);
  });

  it('extends the end of a day range by one day', () => {
    expect(kstDayRange('2025-02-01', '2025-02-01')).toEqual({
      fromMs: Date.UTC(2025, 0, 31, 15),
      toMs: Date.UTC(2025, 1, 1, 15),
    });
  });

  it("refuses anything else with 'Invalid date format'", () => {
    for (const text of ['2025-2-1', '2025-02-30', '01/02/2025', '', '2025-02-01T00:00'])
      expect(() => parseKstDate(text), text).toThrow(INVALID_DATE_FORMAT);
    for (const text of ['2025-02', '2025-13', '2025-2', '2025-02-01'])
      if (text !== '2025-02') expect(() => parseKstMonth(text), text).toThrow(INVALID_DATE_FORMAT);
    for (const text of [
      '2030-01-31',
      '2030-01-31T24:00',
      '2030-01-31T23:60',
      '2030-01-31T23:59:60',
      '2030-02-30T10:00',
      '2030-01-31T23:59+9',
      '2030-01-31T23:59 KST',
      '31/01/2030 23:59',
      '2030-01-31T2359',
    ])
      expect(() => parseKstDateTime(text), text).toThrow(INVALID_DATE_FORMAT);
    expect(() => kstDayRange('2025-02-02', '2025-02-01')).toThrow(INVALID_DATE_FORMAT);
  });

  it('counts days from the Seoul date', () => {
    expect(kstToday(0, Date.UTC(2025, 0, 31, 16))).toBe('2025-02-01');
    expect(kstToday(-1, Date.UTC(2025, 0, 31, 16))).toBe('2025-01-31');
  });
});
