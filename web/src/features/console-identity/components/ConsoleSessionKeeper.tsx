import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import {
  consoleSession,
  endConsoleSession,
  onSignedOutElsewhere,
  REFRESH_INTERVAL_MS,
  renewConsoleSession,
} from '../../../lib/console/console-session.ts';

/**
 * Keeps the operator's token fresh: every 55 minutes a tick renews it, and when the session ends (the
 * fourth tick after the sign-in, as the server says, in this tab and every other) the operator is signed
 * out and sent to the login page with 'Your login has expired. Please log in again.' A sign-out in another
 * tab sends this one to the login page too.
 */
export function ConsoleSessionKeeper() {
  const navigate = useNavigate();
  useEffect(() => {
    let over = false;
    const expire = async () => {
      if (over) return;
      over = true;
      window.clearInterval(ticks);
      window.clearTimeout(end);
      await endConsoleSession();
      await navigate({ to: '/admin/login', search: { expired: true } });
    };
    const ticks = window.setInterval(async () => {
      const current = consoleSession();
      // A tick at the session's end does not renew it: the end is near enough to sign out now.
      if (!current || current.endsAt - Date.now() < 60_000 || !(await renewConsoleSession())) await expire();
    }, REFRESH_INTERVAL_MS);
    const end = window.setTimeout(expire, Math.max(0, (consoleSession()?.endsAt ?? 0) - Date.now()));
    const unsubscribe = onSignedOutElsewhere(() => {
      if (over) return;
      over = true;
      window.clearInterval(ticks);
      window.clearTimeout(end);
      void navigate({ to: '/admin/login' });
    });
    return () => {
      over = true;
      window.clearInterval(ticks);
      window.clearTimeout(end);
      unsubscribe();
    };
  }, [navigate]);
  return null;
}
