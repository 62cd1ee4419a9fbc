import { describe, expect, it } from 'vitest';
import { INVALID_DATE_FORMAT } from './kst.ts';
import { isKstDate, kstDateText, readKstDateField, shownKstDate } from './kst-date-field.ts';

describe("the console's one date-field rule", () => {
  it('takes a date-time as shown or pasted in ISO, and shows it back as KST', () => {
    expect(shownKstDate('date-time', '2030-01-31T23:59')).toBe('2030-01-31 23:59');
    expect(shownKstDate('date-time', '2030-01-31T14:59:00Z')).toBe('2030-01-31 23:59');
    expect(shownKstDate('date-time', '2030-01-31T23:59:30+09:00')).toBe('2030-01-31 23:59:30');
    expect(shownKstDate('date', '2030-01-31')).toBe('2030-01-31');
    expect(shownKstDate('month', '2030-01')).toBe('2030-01');
    // What it cannot read it leaves as typed, for the operator to correct.
    expect(shownKstDate('date-time', '31/01/2030')).toBe('31/01/2030');
  });

  it('answers a wrong format with the same message for every kind; an empty field is the form’s own', () => {
    const field = kstDateText('date-time', 'console-schedules:validation.start_at');
    expect(field.safeParse('2030-01-31T23:59').success).toBe(true);
    expect(field.safeParse('31/01/2030 23:59').error?.issues[0]?.message).toBe(INVALID_DATE_FORMAT);
    expect(field.safeParse('').error?.issues.map((issue) => issue.message)).toEqual([
      'console-schedules:validation.start_at',
    ]);
    expect(kstDateText('date', 'x').safeParse('2030-1-31').error?.issues[0]?.message).toBe(
      INVALID_DATE_FORMAT,
    );
    expect(kstDateText('month', 'x').safeParse('2030-13').error?.issues[0]?.message).toBe(
      INVALID_DATE_FORMAT,
    );
  });

  it('tells a form whether a field is empty, a date, or text of the wrong format', () => {
    expect(readKstDateField('date-time', '  ')).toEqual({ ms: Number.NaN });
    expect(readKstDateField('date-time', '2030-01-31T23:59')).toEqual({ ms: Date.UTC(2030, 0, 31, 14, 59) });
    expect(readKstDateField('date-time', 'soon')).toEqual({
      ms: Number.NaN,
      formatError: INVALID_DATE_FORMAT,
    });
    expect(isKstDate('date', '2030-02-29')).toBe(false);
  });
});
