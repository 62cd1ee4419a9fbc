import { describe, expect, it } from 'vitest';
import { nextReconciledDay, reconciliationRunAt, reconciliationScheduleName } from './reconciliation.ts';

describe('when a day is reconciled', () => {
  it('at 03:00 KST the day after', () => {
    expect(reconciliationRunAt('2030-01-31')).toBe(Date.UTC(2030, 0, 31, 18));
    expect(reconciliationScheduleName('2030-01-31')).toBe('reconcile-2030-01-31');
  });

  it('next: yesterday until its run is due, then today', () => {
    // 1 February 02:59 KST: the 31st's run is still to come; at 03:00 it is due, and the 1st's is next.
    expect(nextReconciledDay(Date.UTC(2030, 0, 31, 17, 59))).toBe('2030-01-31');
    expect(nextReconciledDay(Date.UTC(2030, 0, 31, 18))).toBe('2030-02-01');
    // 31 January 23:59 KST: the 30th's ran at 03:00; the 31st's is next, also past midnight.
    expect(nextReconciledDay(Date.UTC(2030, 0, 31, 14, 59))).toBe('2030-01-31');
    expect(nextReconciledDay(Date.UTC(2030, 0, 31, 15))).toBe('2030-01-31');
  });
});
