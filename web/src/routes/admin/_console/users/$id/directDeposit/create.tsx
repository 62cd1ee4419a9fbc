import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../../../../components/console/PageTitle.tsx';
import { DirectDepositForm } from '../../../../../../features/console-direct-deposits/components/DirectDepositForm.tsx';
import { useUserInfo } from '../../../../../../features/console-users/api/get-user-info.ts';

export const Route = createFileRoute('/admin/_console/users/$id/directDeposit/create')({
  component: DirectDepositCreate,
});

function DirectDepositCreate() {
  const { t } = useTranslation('console-deposits');
  const { id } = Route.useParams();
  const user = useUserInfo(id).data?.user;
  return (
    <>
      <PageTitle title={t('create.title')} />
      {user ? <DirectDepositForm uid={id} name={user.name} email={user.email} /> : null}
    </>
  );
}
