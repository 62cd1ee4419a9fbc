import { createFileRoute } from '@tanstack/react-router';
import { userInfoQueryOptions } from '../../../../../features/console-users/api/get-user-info.ts';
import { UserDetail } from '../../../../../features/console-users/components/UserDetail.tsx';

export const Route = createFileRoute('/admin/_console/users/$id/show')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(userInfoQueryOptions(params.id)),
  component: UserShow,
});

function UserShow() {
  const { id } = Route.useParams();
  return <UserDetail uid={id} />;
}
