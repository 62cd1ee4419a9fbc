import { environment, settings } from './settings.ts';

/**
 * The server's clock. In AWS it is the wall clock. On one machine the scheduler stand-in can move a
 * test clock forward (`POST /_local/clock`) so that renewals and expiries a year apart run in
 * seconds; it does so by setting TEST_CLOCK_OFFSET_MS in the process the handlers run in. The
 * offset is ignored on the release stage, whatever the environment says.
 */
export function nowMs(): number {
  if (settings.stage === 'release') return Date.now();
  return Date.now() + (Number(environment('TEST_CLOCK_OFFSET_MS')) || 0);
}

export function now(): Date {
  return new Date(nowMs());
}
