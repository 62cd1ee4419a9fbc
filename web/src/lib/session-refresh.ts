import type { RouteOutput } from '../../../shared/api/define-route.ts';
import type { refreshToken } from '../../../shared/api/identity.ts';
import { REFRESH_TOKEN, SIGN_OUT } from '../../../shared/api/public-addresses.ts';
import { type ClientType, SITE_CLIENT_TYPE } from '../../../shared/identity/client-types.ts';
import type { SiteLanguage } from '../../../shared/languages.ts';
import { callRoute } from './api-client.ts';

// The session calls the route tree makes (the landing's signed-in check, the console's renewal and
// expiry), called by address so that every page ships no route schemas.
const inFlight = new Map<ClientType, Promise<RouteOutput<typeof refreshToken>>>();

/**
 * The session of this browser, from its refresh cookie (none when signed out). Concurrent callers
 * share one request: the refresh token rotates on every use, and two requests with the same token
 * would look like a stolen token being replayed, which ends the session.
 */
export function refreshSession(
  clientType: ClientType,
  language: SiteLanguage,
  refreshFor: 'check_signed_in' | 'renew',
): Promise<RouteOutput<typeof refreshToken>> {
  let pending = inFlight.get(clientType);
  if (!pending) {
    pending = callRoute(REFRESH_TOKEN, { clientType, language, refreshFor }).finally(() =>
      inFlight.delete(clientType),
    );
    inFlight.set(clientType, pending);
  }
  return pending;
}

/** Ends this browser's session of `clientType` (the refresh token is revoked, its cookie cleared). */
export function signOutSession(clientType: ClientType): Promise<unknown> {
  return callRoute(SIGN_OUT, { clientType });
}

let siteSession: Promise<string | undefined> | undefined;

/**
 * The ID token of this browser's site session (the refresh cookie's `check_signed_in`; undefined when
 * signed out), asked once per page load and shared by whoever needs it (the landing's redirect, the
 * header, the billing page's calls). A failed check counts as signed out: the pages must render
 * whatever the auth service says.
 */
export function siteIdToken(language: SiteLanguage): Promise<string | undefined> {
  siteSession ??= refreshSession(SITE_CLIENT_TYPE, language, 'check_signed_in').then(
    ({ session }) => session?.idToken,
    () => undefined,
  );
  return siteSession;
}

/** Whether this browser has a site session. */
export async function isSignedIn(language: SiteLanguage): Promise<boolean> {
  return Boolean(await siteIdToken(language));
}

/** Ends the site session of this browser; the next check asks again. */
export async function signOutOfSite(): Promise<void> {
  await signOutSession(SITE_CLIENT_TYPE);
  siteSession = undefined;
}
