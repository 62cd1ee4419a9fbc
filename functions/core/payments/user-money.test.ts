import { describe, expect, it } from 'vitest';
import { usageCounters } from './user-money.ts';

const KST = (text: string) => Date.parse(`${text}+09:00`);

describe('the user detail’s monthly counters', () => {
  const stored = {
    sttMonthly: 125,
    ttsMonthly: 40,
    lastUpdatedMonthly: KST('2026-11-03T10:00:00'),
    paidSttMonthly: 600,
    deleteCutloomMark: 2,
    paidLastUpdatedMonthly: KST('2026-11-20T10:00:00'),
  };

  it('reads the stored counts while their month runs, zero for the counters never written', () => {
    const usage = usageCounters(stored, KST('2026-10-15T09:00:00'), KST('2026-11-21T00:00:00'));
    expect(usage.free).toEqual({ sttMonthly: 125, ttsMonthly: 40, translateMonthly: 0, genimageMonthly: 0 });
    expect(usage.paid).toMatchObject({ paidSttMonthly: 600, deleteCutloomMark: 2, sharedClipboard: 0 });
    expect(usage.lastUpdatedMonthly).toBe(stored.lastUpdatedMonthly);
  });

  it('reads zero for a free month that has ended (KST calendar month) and a paid month past its anniversary', () => {
    const nextMonth = usageCounters(stored, KST('2026-10-15T09:00:00'), KST('2026-12-01T00:00:00'));
    expect(nextMonth.free.sttMonthly).toBe(0);
    // The paid month runs from the 15th (the payment's day) to the next 15th.
    expect(nextMonth.paid.paidSttMonthly).toBe(600);
    expect(
      usageCounters(stored, KST('2026-10-15T09:00:00'), KST('2026-11-30T23:59:00')).free.sttMonthly,
    ).toBe(125);
    expect(
      usageCounters(stored, KST('2026-10-15T09:00:00'), KST('2026-12-15T09:00:00')).paid.paidSttMonthly,
    ).toBe(0);
  });

  it('reads zero paid counters without a paid plan', () => {
    expect(usageCounters(stored, undefined, KST('2026-11-21T00:00:00')).paid.paidSttMonthly).toBe(0);
  });
});
