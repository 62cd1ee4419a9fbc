import { createFileRoute, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BULK_PAGES } from '../../../components/console/console-nav.ts';
import { PageTitle } from '../../../components/console/PageTitle.tsx';

export const Route = createFileRoute('/admin/_console/')({
  component: Dashboard,
});

/** The dashboard: who is signed in, and the bulk pages (section 2). */
function Dashboard() {
  const { t } = useTranslation('console-shell');
  const { operator } = Route.useRouteContext();
  return (
    <>
      <PageTitle title={t('nav.dashboard')} />
      <p>{t('console:signed_in_as', { email: operator.email })}</p>
      <section className="console-card">
        <h2>{t('bulk.title')}</h2>
        <ul>
          {BULK_PAGES.map((page) => (
            <li key={page.to}>
              <Link to={page.to}>{t(page.label)}</Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
