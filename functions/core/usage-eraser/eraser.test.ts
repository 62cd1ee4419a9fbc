import { describe, expect, it } from 'vitest';
import type { UsageCounterItem } from '../data/entities/usage.ts';
import type { UserPlan } from '../data/user-plan-repository.ts';
import { usageLines } from './eraser.ts';

const kst = (text: string) => Date.parse(`${text}+09:00`);

/** A Standard plan paid on 10 March: its month runs from the 10th to the 10th. */
const plan = {
  uid: 'user-1',
  planId: 'ord_1',
  planType: 'STANDARD',
  paidAt: kst('2026-03-10T10:00:00'),
  sttLimit: 108000,
  ttsLimit: 300000,
  translateLimit: 900000,
  genimageLimit: 3000,
} as UserPlan;

const counters = (paidLastUpdatedMonthly: number) =>
  ({
    uid: 'user-1',
    paidSttMonthly: 5400,
    paidTtsMonthly: 120000,
    paidTranslateMonthly: 0,
    paidGenimageMonthly: 2999,
    sttMonthly: 60,
    paidLastUpdatedMonthly,
  }) as UsageCounterItem;

describe('the eraser page’s usage panel', () => {
  it('shows this month’s paid use of each metered feature against the plan’s limit, with its unit', () => {
    const now = kst('2026-03-20T12:00:00');
    expect(usageLines(plan, counters(kst('2026-03-19T08:00:00')), now)).toEqual([
      { usageType: 'STT', used: 5400, limit: 108000, unit: 'seconds' },
      { usageType: 'TTS', used: 120000, limit: 300000, unit: 'characters' },
      { usageType: 'TRANSLATE', used: 0, limit: 900000, unit: 'characters' },
      { usageType: 'GENIMAGE', used: 2999, limit: 3000, unit: 'credits' },
    ]);
  });

  it('counts a month whose reset date has passed since the last use as nothing used', () => {
    // Last used on 9 April; the month started again on 10 April.
    const lines = usageLines(plan, counters(kst('2026-04-09T23:00:00')), kst('2026-04-10T10:00:00'));
    expect(lines.map((line) => line.used)).toEqual([0, 0, 0, 0]);
  });

  it('shows nothing used for an account that never used anything, nor a counter below zero', () => {
    const now = kst('2026-03-20T12:00:00');
    expect(usageLines(plan, undefined, now).map((line) => line.used)).toEqual([0, 0, 0, 0]);
    const givenBack = { ...counters(kst('2026-03-19T08:00:00')), paidTtsMonthly: -500 };
    expect(usageLines(plan, givenBack, now).find((line) => line.usageType === 'TTS')?.used).toBe(0);
    const noTts = { ...counters(kst('2026-03-19T08:00:00')), paidTtsMonthly: undefined };
    expect(usageLines(plan, noTts, now).find((line) => line.usageType === 'TTS')?.used).toBe(0);
  });
});
