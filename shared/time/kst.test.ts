import { describe, expect, it } from 'vitest';
import {
  formatKst,
  INVALID_DATE_FORMAT,
  kstDayRange,
  kstToday,
  parseKstDate,
  parseKstDateTime,
} from './kst.ts';

describe('KST helpers', () => {
  it('shows an instant in Seoul time, to the minute', () => {
    expect(formatKst(Date.UTC(2025, 0, 31, 15, 30, 5))).toBe('2025-02-01 00:30');
    expect(formatKst(Date.UTC(2025, 0, 31, 15), 'yyyy-MM-dd')).toBe('2025-02-01');
    expect(formatKst(undefined)).toBe('');
  });

  it('reads days and date-times as Seoul time', () => {
    expect(parseKstDate('2025-02-01')).toBe(Date.UTC(2025, 0, 31, 15));
    expect(parseKstDateTime('2025-02-01 09:15')).toBe(Date.UTC(2025, 1, 1, 0, 15));
    // One way only: the date-time is entered as it is shown.
    expect(() => parseKstDateTime('2025-02-01T09:15')).toThrow(INVALID_DATE_FORMAT);
  });

  it('extends the end of a day range by one day', () => {
    expect(kstDayRange('2025-02-01', '2025-02-01')).toEqual({
      fromMs: Date.UTC(2025, 0, 31, 15),
      toMs: Date.UTC(2025, 1, 1, 15),
    });
  });

  it("refuses anything else with 'Invalid date format'", () => {
    for (const text of ['2025-2-1', '2025-02-30', '01/02/2025', ''])
      expect(() => parseKstDate(text), text).toThrow(INVALID_DATE_FORMAT);
    expect(() => kstDayRange('2025-02-02', '2025-02-01')).toThrow(INVALID_DATE_FORMAT);
  });

  it('counts days from the Seoul date', () => {
    expect(kstToday(0, Date.UTC(2025, 0, 31, 16))).toBe('2025-02-01');
    expect(kstToday(-1, Date.UTC(2025, 0, 31, 16))).toBe('2025-01-31');
  });
});
