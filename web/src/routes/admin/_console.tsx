import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { ConsoleSessionKeeper } from '../../features/console-auth/components/ConsoleSessionKeeper.tsx';
import { activeConsoleSession } from '../../features/console-auth/console-session.ts';

/**
 * Every console page but the login: a signed-out operator (or one whose session cannot be renewed)
 * is sent to /admin/login, and back here after signing in.
 */
export const Route = createFileRoute('/admin/_console')({
  beforeLoad: async ({ location }) => {
    const session = await activeConsoleSession();
    if (!session) throw redirect({ to: '/admin/login', search: { redirect: location.href } });
    return { operator: session };
  },
  component: () => (
    <>
      <ConsoleSessionKeeper />
      <Outlet />
    </>
  ),
});
