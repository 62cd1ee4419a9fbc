import { CatchBoundary, createFileRoute, Outlet, redirect, useRouterState } from '@tanstack/react-router';
import { ConsoleLayout } from '../../components/console/ConsoleLayout.tsx';
import { ConsolePageError } from '../../components/console/ConsolePageError.tsx';
import { ConsoleSessionKeeper } from '../../features/console-identity/components/ConsoleSessionKeeper.tsx';
import { activeConsoleSession } from '../../lib/console/console-session.ts';

/**
 * Every console page but the login: a signed-out operator (or one whose session cannot be renewed)
 * is sent to /admin/login, and back here after signing in. The signed-in pages share the console's
 * frame; a page whose loader or rendering fails says so inside the frame (the pages have no error
 * component of their own, so their failure reaches the boundary around the outlet), keeping the
 * navigation and the logout.
 */
export const Route = createFileRoute('/admin/_console')({
  beforeLoad: async ({ location }) => {
    const session = await activeConsoleSession();
    if (!session) throw redirect({ to: '/admin/login', search: { redirect: location.href } });
    return { operator: session };
  },
  component: ConsolePages,
  errorComponent: ({ error }) => <ConsolePageError error={error} />,
});

function ConsolePages() {
  const { operator } = Route.useRouteContext();
  const address = useRouterState({ select: (state) => state.location.href });
  return (
    <ConsoleLayout operatorEmail={operator.email} role={operator.role}>
      <ConsoleSessionKeeper />
      <CatchBoundary getResetKey={() => address} errorComponent={ConsolePageError}>
        <Outlet />
      </CatchBoundary>
    </ConsoleLayout>
  );
}
