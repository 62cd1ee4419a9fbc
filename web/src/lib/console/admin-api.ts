import type { RouteDefinition, RouteInput, RouteOutput } from '../../../../shared/api/define-route.ts';
import { ApiError, callRoute } from '../api-client.ts';
import { consoleSession, endConsoleSession } from './console-session.ts';

/**
 * Every admin call of the console goes through here: the operator's session token is attached, and a
 * refused token (invalid_token or invalid_level, admin-console.md section 8) ends the session and sends
 * the operator to the login page, as a failed auth check does. Failures reach the screens as ApiError
 * whose message is 'AdminError: {code}, {message}'; screens show them through lib/console/error-text.ts.
 */
export async function adminCall<R extends RouteDefinition>(
  route: R,
  input: RouteInput<R>,
): Promise<RouteOutput<R>> {
  try {
    return await callRoute(route, input, { token: consoleSession()?.idToken ?? '' });
  } catch (error) {
    if (
      error instanceof ApiError &&
      (error.serverCode === 'invalid_token' || error.serverCode === 'invalid_level')
    ) {
      await endConsoleSession();
      window.location.assign(`/admin/login?redirect=${encodeURIComponent(window.location.pathname)}`);
    }
    throw error;
  }
}

/** Every admin query key starts with 'admin', so a language change or sign-out can drop them together. */
export const adminKey = (...parts: unknown[]) => ['admin', ...parts] as const;
