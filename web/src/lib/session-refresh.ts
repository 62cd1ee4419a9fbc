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

/** The site session of this browser as a page knows it: the ID token, when it ends, and the account. */
export interface SiteSession {
  idToken: string;
  expiresAt: number;
  user: NonNullable<RouteOutput<typeof refreshToken>['user']>;
}

/** A token this close to its end is asked for again rather than sent. */
const TOKEN_MARGIN_MS = 60_000;

let siteSession: Promise<SiteSession | undefined> | undefined;

function sessionOf(answer: Pick<RouteOutput<typeof refreshToken>, 'user' | 'session'>) {
  const { user, session } = answer;
  if (!user || !session) return undefined;
  return { idToken: session.idToken, expiresAt: Date.now() + session.expiresIn * 1000, user };
}

/**
 * The site session of this browser (the refresh cookie's `check_signed_in`; undefined when signed out),
 * asked once per page load and shared by whoever needs it (the header, the landing's redirect, the
 * pricing page's start, the billing page's calls), and again only when its ID token nears its end. A failed
 * check counts as signed out: the pages must render whatever the auth service says.
 */
export async function currentSiteSession(language: SiteLanguage): Promise<SiteSession | undefined> {
  siteSession ??= refreshSession(SITE_CLIENT_TYPE, language, 'check_signed_in').then(
    (answer) => {
      const session = sessionOf(answer);
      rememberForVisit(Boolean(session));
      return session;
    },
    // Unanswered (offline, or the page left while it was asked): signed out for this page, the visit unchanged.
    () => undefined,
  );
  const session = await siteSession;
  if (session && session.expiresAt - Date.now() < TOKEN_MARGIN_MS) {
    siteSession = undefined;
    return currentSiteSession(language);
  }
  return session;
}

/** The ID token of this browser's site session, undefined when signed out. */
export async function siteIdToken(language: SiteLanguage): Promise<string | undefined> {
  return (await currentSiteSession(language))?.idToken;
}

/**
 * Whether this browser has a site session, as the header shows it. Once the visit has seen it signed in
 * (a check's answer, a sign-in dialog), the tab's session storage keeps that for the visit's later page
 * loads, the provider's checkout and back included, so a page load of the payment flow makes no session
 * call of its own; the sign-out forgets it. A visitor not signed in is asked again on each page load (a
 * sign-in in another tab or by another page would otherwise go unseen). Pages that need the token itself
 * ask `currentSiteSession`.
 */
export async function isSignedIn(language: SiteLanguage): Promise<boolean> {
  return visitSignedIn() || Boolean(await currentSiteSession(language));
}

/** A sign-in on this page (a sign-in dialog): the page's session from now on, shown at once. */
export function rememberSiteSession(signedIn: Pick<RouteOutput<typeof refreshToken>, 'user' | 'session'>) {
  siteSession = Promise.resolve(sessionOf(signedIn));
  rememberForVisit(true);
}

/** Ends the site session of this browser; the next check asks again. */
export async function signOutOfSite(): Promise<void> {
  siteSession = undefined;
  rememberForVisit(false);
  await signOutSession(SITE_CLIENT_TYPE);
  siteSession = undefined;
}

const VISIT_KEY = 'cutloom.signed-in';
const listeners = new Set<(signedIn: boolean) => void>();

/** Calls `listener` when this page signs in or out; answers the function that stops it. */
export function onSignedInChange(listener: (signedIn: boolean) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function visitSignedIn(): boolean {
  try {
    return sessionStorage.getItem(VISIT_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberForVisit(signedIn: boolean): void {
  const changed = visitSignedIn() !== signedIn;
  try {
    if (signedIn) sessionStorage.setItem(VISIT_KEY, '1');
    else sessionStorage.removeItem(VISIT_KEY);
  } catch {
    // Storage blocked: each page load asks again.
  }
  if (changed) for (const listener of listeners) listener(signedIn);
}
