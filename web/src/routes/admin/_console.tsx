import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { ConsoleLayout } from '../../components/console/ConsoleLayout.tsx';
import { ErrorNote } from '../../components/console/ErrorNote.tsx';
import { ConsoleSessionKeeper } from '../../features/console-auth/components/ConsoleSessionKeeper.tsx';
import { activeConsoleSession } from '../../features/console-auth/console-session.ts';

/**
 * Every console page but the login: a signed-out operator (or one whose session cannot be renewed)
 * is sent to /admin/login, and back here after signing in. The signed-in pages share the console's
 * frame; a loader's failure shows its message in it.
 */
export const Route = createFileRoute('/admin/_console')({
  beforeLoad: async ({ location }) => {
    const session = await activeConsoleSession();
    if (!session) throw redirect({ to: '/admin/login', search: { redirect: location.href } });
    return { operator: session };
  },
  component: ConsolePages,
  errorComponent: ({ error }) => <ErrorNote error={error} />,
});

function ConsolePages() {
  const { operator } = Route.useRouteContext();
  return (
    <ConsoleLayout operatorEmail={operator.email}>
      <ConsoleSessionKeeper />
      <Outlet />
    </ConsoleLayout>
  );
}
