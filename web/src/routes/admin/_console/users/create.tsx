import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../../components/console/PageTitle.tsx';
import { UserCreateForm } from '../../../../features/console-users/components/UserCreateForm.tsx';

export const Route = createFileRoute('/admin/_console/users/create')({
  component: UserCreate,
});

function UserCreate() {
  const { t } = useTranslation('console-users');
  return (
    <>
      <PageTitle title={t('create.title')} />
      <UserCreateForm />
    </>
  );
}
