import { createFileRoute } from '@tanstack/react-router';
import { UserDetail } from '../../../../../features/console-users/components/UserDetail.tsx';

export const Route = createFileRoute('/admin/_console/users/$id/show')({
  component: UserShow,
});

function UserShow() {
  const { id } = Route.useParams();
  return <UserDetail uid={id} />;
}
