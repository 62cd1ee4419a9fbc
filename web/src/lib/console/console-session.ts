import type { RouteDefinition } from '../../../../shared/api/define-route.ts';
import { CONSOLE_CLIENT_TYPE } from '../../../../shared/identity/client-types.ts';
import { CONSOLE_REFRESH_INTERVAL_MS } from '../../../../shared/staff/console-session.ts';
import { canCall, type StaffRole } from '../../../../shared/staff/staff-roles.ts';
import { refreshSession, signOutSession } from '../session-refresh.ts';

/**
 * The operator's session in the console (admin-console.md sections 4, 6 and 9; issue 32, point 5). The
 * admin ID token is kept in sessionStorage (each tab its own, never on disk past the browser's session),
 * renewed every 55 minutes; the session ends, in every tab, when the server says it does (`endsAt`: the
 * fourth tick after the second-factor sign-in). The session belongs to the browser, as the site's does:
 * a tab opened later takes it from the refresh cookie, which only the second factor's step sets (HttpOnly,
 * a browser-session cookie), and whose tokens say a second factor was passed; no tab can stretch it. Tabs
 * refresh one at a time (a Web Lock: the refresh token rotates on every use, and two tabs presenting one
 * token at once would look like a replay and end the session), and a sign-out in one tab signs the others
 * out at once (a BroadcastChannel). This module is small on purpose: the console guard runs in the main
 * bundle.
 */
export const CONSOLE_SESSION_KEY = 'cutloom.console.session';
export const REFRESH_INTERVAL_MS = CONSOLE_REFRESH_INTERVAL_MS;
const REFRESH_LOCK = 'cutloom.console.refresh';
const CHANNEL = 'cutloom.console';

export interface ConsoleSession {
  idToken: string;
  email: string;
  /** The member's staff role when the session was issued or last renewed (the API checks it at every call). */
  role: StaffRole;
  /** When the session ends (epoch ms), whatever renews it. */
  endsAt: number;
}

export function consoleSession(): ConsoleSession | undefined {
  try {
    const value = JSON.parse(sessionStorage.getItem(CONSOLE_SESSION_KEY) ?? 'null') as ConsoleSession | null;
    return value &&
      typeof value.idToken === 'string' &&
      typeof value.role === 'string' &&
      typeof value.endsAt === 'number'
      ? value
      : undefined;
  } catch {
    return undefined;
  }
}

export function saveConsoleSession(session: ConsoleSession): void {
  sessionStorage.setItem(CONSOLE_SESSION_KEY, JSON.stringify(session));
}

/** Seconds until the stored ID token expires (negative once expired). */
function secondsLeft(idToken: string): number {
  try {
    const payload = JSON.parse(atob((idToken.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp?: number;
    };
    return (payload.exp ?? 0) - Date.now() / 1000;
  } catch {
    return -1;
  }
}

/**
 * The session the console guard lets in: this tab's while its token is valid and the session has not
 * ended, else one renewed from the refresh cookie (a reload after the token expired, or a new tab of a
 * browser signed in), else none.
 */
export async function activeConsoleSession(): Promise<ConsoleSession | undefined> {
  const stored = consoleSession();
  if (stored && stored.endsAt <= Date.now()) {
    await endConsoleSession();
    return undefined;
  }
  if (stored && secondsLeft(stored.idToken) > 30) return stored;
  return renewConsoleSession();
}

/** Runs `refresh` while no other tab of this browser refreshes (where the browser has Web Locks). */
function oneTabAtATime<T>(refresh: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(REFRESH_LOCK, refresh) : refresh();
}

/**
 * Renews the ID token with the refresh cookie; undefined (and signed out) when that fails, or when the
 * cookie's session is not a second-factor one (its answer names no staff role).
 */
export async function renewConsoleSession(): Promise<ConsoleSession | undefined> {
  try {
    const { session, user } = await oneTabAtATime(() => refreshSession(CONSOLE_CLIENT_TYPE, 'ko', 'renew'));
    if (!session?.endsAt || !user?.staffRole) throw new Error('no operator session');
    const renewed = {
      idToken: session.idToken,
      email: user.email,
      role: user.staffRole,
      endsAt: session.endsAt,
    };
    saveConsoleSession(renewed);
    return renewed;
  } catch {
    await endConsoleSession();
    return undefined;
  }
}

/** Ends the session in this tab, at the server (the refresh cookie's session), and in the browser's other tabs. */
export async function endConsoleSession(): Promise<void> {
  const had = sessionStorage.getItem(CONSOLE_SESSION_KEY) !== null;
  sessionStorage.removeItem(CONSOLE_SESSION_KEY);
  await signOutSession(CONSOLE_CLIENT_TYPE).catch(() => undefined);
  if (had && typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage('signed-out');
    channel.close();
  }
}

/** Calls `onSignedOut` when another tab of this browser signs out; returns the unsubscription. */
export function onSignedOutElsewhere(onSignedOut: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event) => {
    if (event.data !== 'signed-out') return;
    sessionStorage.removeItem(CONSOLE_SESSION_KEY);
    onSignedOut();
  };
  return () => channel.close();
}

/**
 * Whether the signed-in member's role may call a route (shared/staff/staff-roles.ts, from the route's own
 * declaration): the console hides or disables what it may not.
 */
export function roleCanCall(route: Pick<RouteDefinition, 'caller' | 'role'>): boolean {
  return canCall(consoleSession()?.role, route);
}
