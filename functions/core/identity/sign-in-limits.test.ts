import { describe, expect, it } from 'vitest';
import { currentWindowCapacity, SIGN_IN_LIMITS, windowStartOf } from './sign-in-limits.ts';

describe('sign-in limits', () => {
  const { windowMs, maxFailures } = SIGN_IN_LIMITS.account;
  const limit = { max: maxFailures, windowMs };
  it('stay far under ASVS: at most 100 failures an hour per account', () => {
    expect(maxFailures * (3_600_000 / windowMs)).toBeLessThanOrEqual(100);
    expect(SIGN_IN_LIMITS.clientAddress.maxFailures).toBeGreaterThan(maxFailures);
  });
  it('leave the current window what the previous one, weighed by its overlap, does not take', () => {
    const start = windowStartOf(10 * windowMs + 123, windowMs);
    expect(start).toBe(10 * windowMs);
    expect(currentWindowCapacity(0, start, limit)).toBe(maxFailures);
    expect(currentWindowCapacity(10, start, limit)).toBe(0);
    // Half of the previous window's 10 still overlaps: 5 left.
    expect(currentWindowCapacity(10, start + windowMs / 2, limit)).toBe(5);
    // 3 of 10 at 30 %: 7 left exactly (no floating-point 6.999…).
    expect(currentWindowCapacity(10, start + windowMs * 0.7, limit)).toBe(7);
    expect(currentWindowCapacity(10, start + windowMs - 1, limit)).toBe(maxFailures - 1);
  });
  it('lock at the limit when the failures straddle a window boundary', () => {
    const start = windowStartOf(7 * windowMs, windowMs);
    // Half the failures just before the boundary: the other half fills the current window.
    expect(currentWindowCapacity(maxFailures / 2, start + 2_000, limit)).toBe(maxFailures / 2);
    // Long after the boundary the earlier window has faded out.
    expect(currentWindowCapacity(maxFailures / 2, start + windowMs / 2, limit)).toBeGreaterThan(
      maxFailures / 2,
    );
  });
});
