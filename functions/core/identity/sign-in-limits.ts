import { addFailure, clearFailures, failureCounts } from '../data/sign-in-failure-repository.ts';
import { IdentityError } from '../errors.ts';

/**
 * Failed sign-ins allowed per account address and per client address (OWASP ASVS 2.2.1 allows at
 * most 100 failures an hour per account; these are far tighter). Counts live in fixed 15-minute
 * windows and are weighed as a sliding window (the previous window counts in proportion to how much
 * of it still overlaps), so a lock-out fades out over the next 15 minutes instead of resetting at
 * a boundary. In steady state an account can fail about 10 times per 15 minutes, 40 an hour.
 * Both are checked before the password is, so a correct password does not get through either.
 */
export const SIGN_IN_LIMITS = {
  account: { maxFailures: 10, windowMs: 15 * 60_000 },
  clientAddress: { maxFailures: 50, windowMs: 15 * 60_000 },
} as const;

type Limit = { maxFailures: number; windowMs: number };

export function windowStartOf(nowMs: number, windowMs: number): number {
  return Math.floor(nowMs / windowMs) * windowMs;
}

/** The sliding-window estimate of failures in the last `windowMs`. */
export function slidingFailures(current: number, previous: number, nowMs: number, windowMs: number): number {
  const elapsed = (nowMs - windowStartOf(nowMs, windowMs)) / windowMs;
  return current + previous * (1 - elapsed);
}

function scopes(emailKey: string, clientAddress: string): Array<[string, Limit]> {
  return [
    [`account#${emailKey}`, SIGN_IN_LIMITS.account],
    ...(clientAddress ? [[`address#${clientAddress}`, SIGN_IN_LIMITS.clientAddress] as [string, Limit]] : []),
  ];
}

/**
 * Whether failures counted in the current and previous windows reach the limit. Rounded up: a failure
 * still partly inside the sliding window counts whole, so failures that straddle a window boundary lock
 * at the same count as any others.
 */
export function isPastLimit(current: number, previous: number, nowMs: number, limit: Limit): boolean {
  return Math.ceil(slidingFailures(current, previous, nowMs, limit.windowMs)) >= limit.maxFailures;
}

/** Throws TOO_MANY_ATTEMPTS_TRY_LATER when the account or the client address is past its limit. */
export async function assertSignInAllowed(emailKey: string, clientAddress: string, nowMs: number) {
  for (const [scope, limit] of scopes(emailKey, clientAddress)) {
    const start = windowStartOf(nowMs, limit.windowMs);
    const [current = 0, previous = 0] = await failureCounts(scope, [start, start - limit.windowMs]);
    if (isPastLimit(current, previous, nowMs, limit))
      throw new IdentityError('TOO_MANY_ATTEMPTS_TRY_LATER', 'Too many failed sign-ins: try again later');
  }
}

export async function recordSignInFailure(emailKey: string, clientAddress: string, nowMs: number) {
  await Promise.all(
    scopes(emailKey, clientAddress).map(([scope, limit]) => {
      const start = windowStartOf(nowMs, limit.windowMs);
      return addFailure(scope, start, Math.ceil((start + 2 * limit.windowMs) / 1000));
    }),
  );
}

/** A successful sign-in forgets the account's failures (the client address keeps its count). */
export async function clearAccountFailures(emailKey: string, nowMs: number) {
  const { windowMs } = SIGN_IN_LIMITS.account;
  const start = windowStartOf(nowMs, windowMs);
  await clearFailures(`account#${emailKey}`, [start, start - windowMs]);
}
