import { describe, expect, it } from 'vitest';
import { isPastLimit, SIGN_IN_LIMITS, slidingFailures, windowStartOf } from './sign-in-limits.ts';

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
  it('lock at the limit when the failures straddle a window boundary', () => {
    const limit = SIGN_IN_LIMITS.account;
    const start = windowStartOf(7 * windowMs, windowMs);
    // Half the failures just before the boundary, half just after it.
    expect(isPastLimit(maxFailures / 2, maxFailures / 2, start + 2_000, limit)).toBe(true);
    expect(isPastLimit(maxFailures / 2 - 1, maxFailures / 2, start + 2_000, limit)).toBe(false);
    // Long after the boundary the earlier window has faded out.
    expect(isPastLimit(maxFailures / 2, maxFailures / 2, start + windowMs / 2, limit)).toBe(false);
  });
});
