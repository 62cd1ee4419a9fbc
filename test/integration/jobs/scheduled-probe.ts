import { nowMs } from '../../../functions/core/clock.ts';

/** A scheduled target for the scheduler tests: records each event with the clock it ran at. */
export const invocations: Array<{ event: unknown; at: number }> = [];
let failuresLeft = 0;

export function failNext(times: number): void {
  failuresLeft = times;
}

export async function handler(event: unknown): Promise<void> {
  if (failuresLeft > 0) {
    failuresLeft -= 1;
    throw new Error('target unavailable');
  }
  invocations.push({ event, at: nowMs() });
}
