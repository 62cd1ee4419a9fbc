import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { KST_ZONE } from '../time/kst.ts';
import {
  ALERT_BUSINESS_DAYS,
  alertDayOf,
  DEADLINE_DAY,
  deadlineMonthOf,
  issuableFrom,
  issueDeadline,
  nearDeadline,
  writeDateOf,
} from './tax-invoice-deadlines.ts';

const at = (text: string) => DateTime.fromISO(text, { zone: KST_ZONE }).toMillis();
const none = new Set<string>();

describe('the write date', () => {
  it('is the day of the payment for an invoice each, the month’s last day for a monthly one (KST)', () => {
    // 2026-01-31 23:30 KST is still January in Seoul (14:30 UTC).
    expect(writeDateOf('each', at('2026-01-31T23:30'))).toBe('2026-01-31');
    expect(writeDateOf('each', at('2026-02-01T00:10'))).toBe('2026-02-01');
    expect(writeDateOf('monthly', at('2026-02-03T09:00'))).toBe('2026-02-28');
    expect(writeDateOf('monthly', at('2028-02-03T09:00'))).toBe('2028-02-29');
    expect(writeDateOf('monthly', at('2026-12-31T23:59'))).toBe('2026-12-31');
  });

  it('lets an invoice each be issued at once, a monthly one from the first moment of the next month', () => {
    const paid = at('2026-03-15T10:00');
    expect(issuableFrom('each', paid)).toBe(paid);
    expect(issuableFrom('monthly', paid)).toBe(at('2026-04-01T00:00'));
    expect(issuableFrom('monthly', at('2026-12-31T23:59'))).toBe(at('2027-01-01T00:00'));
  });
});

describe('the deadline', () => {
  it('is the 10th of the next month on a business day', () => {
    expect(DEADLINE_DAY).toBe(10);
    // 2026-04-10 is a Friday.
    expect(issueDeadline('2026-03-31', none)).toBe('2026-04-10');
    expect(issueDeadline('2026-03-01', none)).toBe('2026-04-10');
    expect(issueDeadline('2026-12-31', none)).toBe('2027-01-11'); // the 10th is a Sunday
    expect(deadlineMonthOf('2026-12-31')).toBe('2027-01');
  });

  it('moves past a weekend and the holidays after it (국세기본법 제5조)', () => {
    // 2026-10-10 is a Saturday; 2026-10-12 a Monday made a holiday here.
    expect(issueDeadline('2026-09-30', none)).toBe('2026-10-12');
    expect(issueDeadline('2026-09-30', new Set(['2026-10-12']))).toBe('2026-10-13');
    // A holiday on the 10th itself (a Friday): the next Monday.
    expect(issueDeadline('2026-03-31', new Set(['2026-04-10']))).toBe('2026-04-13');
  });

  it('raises the alarm two business days before it, skipping days off', () => {
    expect(ALERT_BUSINESS_DAYS).toBe(2);
    // Friday the 10th: Wednesday the 8th.
    expect(alertDayOf('2026-04-10', none)).toBe('2026-04-08');
    // Monday the 12th: the Thursday before.
    expect(alertDayOf('2026-10-12', none)).toBe('2026-10-08');
    expect(alertDayOf('2026-04-10', new Set(['2026-04-09']))).toBe('2026-04-07');
    expect(nearDeadline(at('2026-04-07T23:59'), '2026-04-10', none)).toBe(false);
    expect(nearDeadline(at('2026-04-08T00:00'), '2026-04-10', none)).toBe(true);
    expect(nearDeadline(at('2026-04-11T09:00'), '2026-04-10', none)).toBe(true);
  });
});
