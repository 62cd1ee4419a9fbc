/**
 * The console session's lifetime (admin-console.md sections 4, 6 and 9): the admin token is renewed every
 * 55 minutes and the fourth tick signs the operator out. Declared once for the server, which ends a console
 * session family this long after its second-factor sign-in whatever refreshes it (so a new tab, which takes
 * the session from the refresh cookie, cannot stretch it), and for the console, which signs out when the
 * server says the session ends.
 */
export const CONSOLE_REFRESH_INTERVAL_MS = 55 * 60_000;
export const CONSOLE_LOGOUT_TICK = 4;
export const CONSOLE_SESSION_LIFETIME_MS = CONSOLE_LOGOUT_TICK * CONSOLE_REFRESH_INTERVAL_MS;
