import { OUTSIDE_CALL_TIMEOUT_MS } from '../../../shared/timeouts.ts';

/**
 * One HTTP exchange with an outside service (payment provider, wallet, SMS): a time limit, and the answer's status and parsed
 * JSON body (or its text when it is not JSON), never an exception for a non-OK status; a network
 * failure or a time-out throws, and the caller turns it into its service's error.
 */
export async function exchange(
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(OUTSIDE_CALL_TIMEOUT_MS) });
  const text = await response.text();
  try {
    return { status: response.status, body: text ? JSON.parse(text) : null };
  } catch {
    return { status: response.status, body: text };
  }
}
