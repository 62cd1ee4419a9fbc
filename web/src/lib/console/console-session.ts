import type { RouteDefinition } from '../../../../shared/api/define-route.ts';
import { CONSOLE_CLIENT_TYPE } from '../../../../shared/identity/client-types.ts';
import { canCall, type StaffRole } from '../../../../shared/staff/staff-roles.ts';
import { refreshSession, signOutSession } from '../session-refresh.ts';

/**
 * The operator's session in the console (admin-console.md sections 4, 6 and 9): the admin ID token is
 * kept in sessionStorage (this tab only), its refresh cookie is a browser-session cookie, the token
 * is renewed every 55 minutes, and at the fourth tick the operator is signed out. This module is
 * small on purpose: the console guard runs in the main bundle.
 */
export const CONSOLE_SESSION_KEY = 'cutloom.console.session';
export const REFRESH_INTERVAL_MS = 55 * 60_000;
/** The tick at which the operator is signed out instead of renewed. */
export const LOGOUT_TICK = 4;

export interface ConsoleSession {
  idToken: string;
  email: string;
  /** The member's staff role when the session was issued or last renewed (the API checks it at every call). */
  role: StaffRole;
  ticks: number;
}

export function consoleSession(): ConsoleSession | undefined {
  try {
    const value = JSON.parse(sessionStorage.getItem(CONSOLE_SESSION_KEY) ?? 'null') as ConsoleSession | null;
    return value && typeof value.idToken === 'string' && typeof value.role === 'string' ? value : undefined;
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
 * The session the console guard lets in: the stored one while its token is valid, else one renewed
 * from the refresh cookie (a reload after the token expired), else none.
 */
export async function activeConsoleSession(): Promise<ConsoleSession | undefined> {
  const stored = consoleSession();
  if (!stored) return undefined;
  if (secondsLeft(stored.idToken) > 30) return stored;
  return renewConsoleSession(stored);
}

/** Renews the ID token with the refresh cookie; undefined (and signed out) when that fails. */
export async function renewConsoleSession(current: ConsoleSession): Promise<ConsoleSession | undefined> {
  try {
    const { session, user } = await refreshSession(CONSOLE_CLIENT_TYPE, 'ko', 'renew');
    if (!session || !user?.staffRole) throw new Error('no operator session');
    const renewed = { ...current, idToken: session.idToken, role: user.staffRole };
    saveConsoleSession(renewed);
    return renewed;
  } catch {
    await endConsoleSession();
    return undefined;
  }
}

export async function endConsoleSession(): Promise<void> {
  sessionStorage.removeItem(CONSOLE_SESSION_KEY);
  await signOutSession(CONSOLE_CLIENT_TYPE).catch(() => undefined);
}

/**
 * Whether the signed-in member's role may call a route (shared/staff/staff-roles.ts, from the route's own
 * declaration): the console hides or disables what it may not.
 */
export function roleCanCall(route: Pick<RouteDefinition, 'caller' | 'role'>): boolean {
  return canCall(consoleSession()?.role, route);
}
