import {
  clearFailures,
  failureCounts,
  releaseAttempt,
  reserveAttempt,
} from '../data/sign-in-failure-repository.ts';
import { IdentityError } from '../errors.ts';
import { countMetric } from '../observability.ts';

/**
 * Failed sign-ins allowed per account address and per client address (OWASP ASVS 2.2.1 allows at
 * most 100 failures an hour per account; these are far tighter). Counts live in fixed 15-minute
 * windows and are weighed as a sliding window (the previous window counts in proportion to how much
 * of it still overlaps), so a lock-out fades out over the next 15 minutes instead of resetting at
 * a boundary. In steady state an account can fail about 10 times per 15 minutes, 40 an hour.
 * Each attempt is counted before the password is checked, so a correct password does not get
 * through a full window either.
 */
export const SIGN_IN_LIMITS = {
  account: { maxFailures: 10, windowMs: 15 * 60_000 },
  clientAddress: { maxFailures: 50, windowMs: 15 * 60_000 },
} as const;

/**
 * Wrong second factors allowed per member of staff (issue 27): a six-digit code has a million values and
 * three are good at any time (the step before and after are taken too), so 5 guesses per 15 minutes give a
 * guesser about one chance in 3,000 a month. The client address shares the sign-in's count.
 */
export const SECOND_FACTOR_LIMIT = { maxFailures: 5, windowMs: 15 * 60_000 } as const;

/** A scope's limit: at most `max` counted attempts in a sliding window of `windowMs`. */
export interface WindowLimit {
  max: number;
  windowMs: number;
}

const limitOf = ({ maxFailures, windowMs }: { maxFailures: number; windowMs: number }): WindowLimit => ({
  max: maxFailures,
  windowMs,
});

export function windowStartOf(nowMs: number, windowMs: number): number {
  return Math.floor(nowMs / windowMs) * windowMs;
}

/**
 * How many attempts the current window may hold given the previous window's failures: an attempt
 * is let through while the sliding estimate, rounded up, stays under the limit (a failure still
 * partly inside the sliding window counts whole, so failures that straddle a window boundary lock at
 * the same count as any others). Integer arithmetic: no rounding error at the edge.
 */
export function currentWindowCapacity(previous: number, nowMs: number, limit: WindowLimit): number {
  const overlapMs = windowStartOf(nowMs, limit.windowMs) + limit.windowMs - nowMs;
  return Math.floor((limit.max * limit.windowMs - previous * overlapMs) / limit.windowMs);
}

function addressScope(clientAddress: string): Array<[string, WindowLimit]> {
  return clientAddress ? [[`address#${clientAddress}`, limitOf(SIGN_IN_LIMITS.clientAddress)]] : [];
}

function lockedOut(): IdentityError {
  countMetric('signInLockedOut');
  return new IdentityError('TOO_MANY_ATTEMPTS_TRY_LATER', 'Too many failed sign-ins: try again later');
}

/** An attempt counted in advance in each scope, to be kept as a failure or released. */
export interface SignInAttempt {
  release(): Promise<void>;
}

/**
 * Counts this attempt as a failure in the account's and the client address's windows before the
 * password is checked, each with one conditional write that refuses it once the window is full; so
 * concurrent attempts cannot all pass a count read before any of them was written, and at most the
 * limit of them ever reach the password hash. Throws TOO_MANY_ATTEMPTS_TRY_LATER (releasing what it
 * took) when a scope is full; a caller releases the attempt unless it ended as a failure.
 */
export function reserveSignInAttempt(
  emailKey: string,
  clientAddress: string,
  nowMs: number,
): Promise<SignInAttempt> {
  return reserveInWindows(
    [[`account#${emailKey}`, limitOf(SIGN_IN_LIMITS.account)], ...addressScope(clientAddress)],
    nowMs,
    lockedOut,
  );
}

/** The same for a member of staff's second factor: their own count, and the client address's. */
export function reserveSecondFactorAttempt(
  uid: string,
  clientAddress: string,
  nowMs: number,
): Promise<SignInAttempt> {
  return reserveInWindows(
    [[`second-factor#${uid}`, limitOf(SECOND_FACTOR_LIMIT)], ...addressScope(clientAddress)],
    nowMs,
    lockedOut,
  );
}

/**
 * The mechanism under every limit above, for any other counted call too (the order page's phone-number
 * check): one attempt counted in each scope's window, in order, each with one conditional write that
 * refuses it once the window is full. When a scope is full, what was taken in the scopes before it is
 * given back and `refused(scope)` is thrown, so a refused call costs no other scope anything.
 */
export async function reserveInWindows(
  scopes: ReadonlyArray<readonly [string, WindowLimit]>,
  nowMs: number,
  refused: (scope: string) => Error,
): Promise<SignInAttempt> {
  const taken: Array<{ scope: string; windowStart: number }> = [];
  const attempt: SignInAttempt = {
    release: async () => {
      await Promise.all(taken.map(({ scope, windowStart }) => releaseAttempt(scope, windowStart)));
    },
  };
  for (const [scope, limit] of scopes) {
    const windowStart = windowStartOf(nowMs, limit.windowMs);
    const [previous = 0] = await failureCounts(scope, [windowStart - limit.windowMs]);
    const capacity = currentWindowCapacity(previous, nowMs, limit);
    const ttl = Math.ceil((windowStart + 2 * limit.windowMs) / 1000);
    if (!(await reserveAttempt(scope, windowStart, capacity, ttl))) {
      await attempt.release();
      throw refused(scope);
    }
    taken.push({ scope, windowStart });
  }
  return attempt;
}

/** A passed second factor forgets the member's wrong codes (the client address keeps its count). */
export async function clearSecondFactorFailures(uid: string, nowMs: number) {
  const { windowMs } = SECOND_FACTOR_LIMIT;
  const start = windowStartOf(nowMs, windowMs);
  await clearFailures(`second-factor#${uid}`, [start, start - windowMs]);
}

/** A successful sign-in forgets the account's failures (the client address keeps its count). */
export async function clearAccountFailures(emailKey: string, nowMs: number) {
  const { windowMs } = SIGN_IN_LIMITS.account;
  const start = windowStartOf(nowMs, windowMs);
  await clearFailures(`account#${emailKey}`, [start, start - windowMs]);
}
