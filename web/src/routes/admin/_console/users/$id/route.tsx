import { createFileRoute, Outlet } from '@tanstack/react-router';
import {
  userInfoQueryOptions,
  useUserInfo,
} from '../../../../../features/console-users/api/get-user-info.ts';
import { UserBreadcrumb } from '../../../../../features/console-users/components/UserBreadcrumb.tsx';

/**
 * Every page about one account (users/{id}/...) opens under the breadcrumb back to it. An unknown uid
 * fails here, and the console frame says so (routes/admin/_console.tsx).
 */
export const Route = createFileRoute('/admin/_console/users/$id')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(userInfoQueryOptions(params.id)),
  component: UserPages,
});

function UserPages() {
  const { id } = Route.useParams();
  const info = useUserInfo(id);
  return (
    <>
      <UserBreadcrumb uid={id} name={info.data?.user.name} />
      <Outlet />
    </>
  );
}
