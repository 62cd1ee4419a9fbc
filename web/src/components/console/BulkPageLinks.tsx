import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BULK_PAGES } from './console-nav.ts';

/** The bulk pages (section 2: usageCreate, directDepositCreate, userCreate), on the dashboards. */
export function BulkPageLinks() {
  const { t } = useTranslation('console-shell');
  return (
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
  );
}
