import { describe, expect, it } from 'vitest';
import { businessDayOf, monthsToLookUp } from './business-days.ts';

const kst = (text: string) => Date.parse(`${text}+09:00`);
const MAY_2026 = new Set(['2026-05-05', '2026-05-25']);
const CHUSEOK_2026 = new Set(['2026-09-24', '2026-09-25', '2026-09-26']);

describe('the business day a refund request counts on (19:00 Seoul cutoff, weekends and holidays skipped)', () => {
  it.each([
    ['a weekday before 19:00 counts that day', '2026-05-04T18:59:59', MAY_2026, '2026-05-04'],
    [
      '19:00 sharp is past the cutoff: the next business day, skipping a holiday',
      '2026-05-04T19:00:00',
      MAY_2026,
      '2026-05-06',
    ],
    ['a Friday evening counts on Monday', '2026-05-08T20:00:00', MAY_2026, '2026-05-11'],
    ['a Saturday morning counts on Monday', '2026-05-09T10:00:00', MAY_2026, '2026-05-11'],
    ['a holiday morning counts on the next business day', '2026-05-05T09:00:00', MAY_2026, '2026-05-06'],
    [
      'a substitute holiday on a Monday moves a Sunday request to Tuesday',
      '2026-05-24T12:00:00',
      MAY_2026,
      '2026-05-26',
    ],
    ['holidays running into a weekend', '2026-09-23T20:00:00', CHUSEOK_2026, '2026-09-28'],
    [
      'without holidays (a failed lookup) only weekends are skipped',
      '2026-05-04T19:30:00',
      new Set<string>(),
      '2026-05-05',
    ],
    ['a month end rolls into the next month', '2026-07-31T19:10:00', new Set<string>(), '2026-08-03'],
    ['midnight UTC is 09:00 in Seoul', '2026-05-04T00:00:00Z', MAY_2026, '2026-05-04'],
  ])('%s', (_, requested, holidays, expected) => {
    const ms = requested.endsWith('Z') ? Date.parse(requested) : kst(requested);
    expect(businessDayOf(ms, holidays)).toBe(expected);
  });

  it('looks up the request month and the next', () => {
    expect(monthsToLookUp(kst('2026-12-31T20:00:00'))).toEqual(['2026-12', '2027-01']);
  });
});
