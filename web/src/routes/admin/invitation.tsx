import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '../../../../shared/product.ts';
import { InvitationForm } from '../../features/console-identity/components/InvitationForm.tsx';
import { searchParams, searchText } from '../../lib/search-params.ts';

/** An invitation's link (functions/core/staff/staff-members.ts): set the password, enrol the second factor. */
export const Route = createFileRoute('/admin/invitation')({
  validateSearch: searchParams({ token: searchText(2048) }),
  component: Invitation,
});

function Invitation() {
  const { t } = useTranslation('console-staff');
  const { token } = Route.useSearch();
  useEffect(() => {
    document.title = `${PRODUCT_NAME} ${t('console:title')} | ${t('invitation.title')}`;
  }, [t]);
  return (
    <main className="console">
      <h1>
        {PRODUCT_NAME} {t('console:title')}
      </h1>
      <h2>{t('invitation.title')}</h2>
      <InvitationForm token={token ?? ''} />
    </main>
  );
}
