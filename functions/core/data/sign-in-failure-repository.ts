import { tableService } from './client.ts';
import { SignInFailures } from './entities/session.ts';
import { isConditionFailure } from './transaction.ts';

const db = tableService({ signInFailures: SignInFailures });

/** The failure counts of a scope in the given windows (0 where none was recorded). */
export async function failureCounts(scope: string, windowStarts: readonly number[]): Promise<number[]> {
  const { data } = await db()
    .entities.signInFailures.get(windowStarts.map((windowStart) => ({ scope, windowStart })))
    .go();
  return windowStarts.map((windowStart) => data.find((item) => item.windowStart === windowStart)?.count ?? 0);
}

/**
 * Adds one attempt to a scope's window if it holds fewer than `capacity` (creating the window on
 * first use): one conditional write, so concurrent callers cannot overfill it. False when full.
 */
export async function reserveAttempt(
  scope: string,
  windowStart: number,
  capacity: number,
  ttl: number,
): Promise<boolean> {
  if (capacity <= 0) return false;
  try {
    await db()
      .entities.signInFailures.upsert({ scope, windowStart, ttl })
      .add({ count: 1 })
      .where(({ count }, { notExists, lt }) => `${notExists(count)} OR ${lt(count, capacity)}`)
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Gives an attempt back to its window (nothing when the window was cleared meanwhile). */
export async function releaseAttempt(scope: string, windowStart: number): Promise<void> {
  try {
    await db()
      .entities.signInFailures.update({ scope, windowStart })
      .subtract({ count: 1 })
      .where(({ count }, { gt }) => gt(count, 0))
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

export async function clearFailures(scope: string, windowStarts: readonly number[]): Promise<void> {
  await db()
    .entities.signInFailures.delete(windowStarts.map((windowStart) => ({ scope, windowStart })))
    .go();
}
