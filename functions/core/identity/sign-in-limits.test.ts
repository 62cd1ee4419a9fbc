import { describe, expect, it } from 'vitest';
import { SIGN_IN_LIMITS, slidingFailures, windowStartOf } from './sign-in-limits.ts';

describe('sign-in limits', () => {
  const { windowMs, maxFailures } = SIGN_IN_LIMITS.account;
  it('stay far under ASVS: at most 100 failures an hour per account', () => {
    expect(maxFailures * (3_600_000 / windowMs)).toBeLessThanOrEqual(100);
    expect(SIGN_IN_LIMITS.clientAddress.maxFailures).toBeGreaterThan(maxFailures);
  });
  it('weigh the previous window by how much of it still overlaps', () => {
    const start = windowStartOf(10 * windowMs + 123, windowMs);
    expect(start).toBe(10 * windowMs);
    expect(slidingFailures(2, 10, start, windowMs)).toBe(12);
    expect(slidingFailures(2, 10, start + windowMs / 2, windowMs)).toBe(7);
    expect(slidingFailures(0, 10, start + windowMs - 1, windowMs)).toBeCloseTo(0, 2);
  });
});
