import { nowMs } from '../../functions/core/clock.ts';

/**
 * The test clock of the process the handlers run in (functions/core/clock.ts reads its offset). The
 * scheduler stand-in moves it (`POST /_local/clock`); the stand-ins whose timing follows the clock (the
 * SQS stand-in's visibility timeouts) are told when it moves, so a message hidden for fifteen minutes
 * comes back as soon as the clock passes them.
 */
const listeners = new Set<() => void>();

/** Moves the clock forward to `targetMs` (never back) and tells whoever waits on it. */
export function moveTestClockTo(targetMs: number): void {
  if (targetMs <= nowMs()) return;
  process.env.TEST_CLOCK_OFFSET_MS = String(Math.max(0, Math.round(targetMs - Date.now())));
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever the clock moves; answers the function that stops it. */
export function onTestClockMoved(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
