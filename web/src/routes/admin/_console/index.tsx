import { createFileRoute, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BulkPageLinks } from '../../../components/console/BulkPageLinks.tsx';
import { PageTitle } from '../../../components/console/PageTitle.tsx';

export const Route = createFileRoute('/admin/_console/')({
  component: Dashboard,
});

/** The dashboard: who is signed in, what needs attention, and the bulk pages (section 2). */
function Dashboard() {
  const { t } = useTranslation('console-shell');
  const { operator } = Route.useRouteContext();
  return (
    <>
      <PageTitle title={t('nav.dashboard')} />
      <p>{t('console:signed_in_as', { email: operator.email })}</p>
      <p>
        <Link to="/admin/attention">{t('console-attention:dashboard_link')}</Link>
      </p>
      <BulkPageLinks />
    </>
  );
}
