import { db } from './service.ts';

/** The failure counts of a scope in the given windows (0 where none was recorded). */
export async function failureCounts(scope: string, windowStarts: readonly number[]): Promise<number[]> {
  const { data } = await db()
    .entities.signInFailures.get(windowStarts.map((windowStart) => ({ scope, windowStart })))
    .go();
  return windowStarts.map((windowStart) => data.find((item) => item.windowStart === windowStart)?.count ?? 0);
}

/** Adds one failure to a scope's window (atomic, creating the window on first use). */
export async function addFailure(scope: string, windowStart: number, ttl: number): Promise<void> {
  await db().entities.signInFailures.upsert({ scope, windowStart, ttl }).add({ count: 1 }).go();
}

export async function clearFailures(scope: string, windowStarts: readonly number[]): Promise<void> {
  await db()
    .entities.signInFailures.delete(windowStarts.map((windowStart) => ({ scope, windowStart })))
    .go();
}
