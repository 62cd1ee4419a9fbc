import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import {
  consoleSession,
  endConsoleSession,
  LOGOUT_TICK,
  REFRESH_INTERVAL_MS,
  renewConsoleSession,
  saveConsoleSession,
} from '../../../lib/console/console-session.ts';

/**
 * Keeps the operator's token fresh: every 55 minutes a tick renews it, and the fourth tick signs the
 * operator out and sends them to the login page with 'Your login has expired. Please log in again.'
 */
export function ConsoleSessionKeeper() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setInterval(async () => {
      const current = consoleSession();
      const ticks = (current?.ticks ?? 0) + 1;
      const renewed = current && ticks < LOGOUT_TICK ? await renewConsoleSession(current) : undefined;
      if (renewed) return saveConsoleSession({ ...renewed, ticks });
      window.clearInterval(timer);
      await endConsoleSession();
      await navigate({ to: '/admin/login', search: { expired: true } });
    }, REFRESH_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [navigate]);
  return null;
}
