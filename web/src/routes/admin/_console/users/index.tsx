import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { REFERRAL_TYPES } from '../../../../../../shared/identity/referral.ts';
import { PageTitle } from '../../../../components/console/PageTitle.tsx';
import { UserList } from '../../../../features/console-users/components/UserList.tsx';
import { searchChoice, searchParams, searchText } from '../../../../lib/search-params.ts';

const text = searchText(254);

/** The filters live in the address, so a search can be reloaded, shared and returned to. */
export const Route = createFileRoute('/admin/_console/users/')({
  validateSearch: searchParams({
    uid: text,
    name: text,
    email: text,
    referralType: searchChoice(REFERRAL_TYPES),
  }),
  component: Users,
});

function Users() {
  const { t } = useTranslation('console-users');
  const filter = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return (
    <>
      <PageTitle title={t('list.title')}>
        <Link to="/admin/users/create" className="console-button">
          {t('create.title')}
        </Link>
      </PageTitle>
      <UserList filter={filter} onFilter={(search) => navigate({ search, replace: true })} />
    </>
  );
}
