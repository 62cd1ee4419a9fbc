import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import * as z from 'zod';
import { REFERRAL_TYPES } from '../../../../../../shared/identity/referral.ts';
import { PageTitle } from '../../../../components/console/PageTitle.tsx';
import { UserList } from '../../../../features/console-users/components/UserList.tsx';

const text = z.string().max(254).optional().catch(undefined);

/** The filters live in the address, so a search can be reloaded, shared and returned to. */
export const Route = createFileRoute('/admin/_console/users/')({
  validateSearch: z.object({
    uid: text,
    name: text,
    email: text,
    partial: z.coerce.boolean().optional().catch(undefined),
    referralType: z.enum(REFERRAL_TYPES).optional().catch(undefined),
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
      <UserList
        filter={filter}
        onSearch={(search) =>
          navigate({ search: { ...search, referralType: search.referralType || undefined } })
        }
      />
    </>
  );
}
