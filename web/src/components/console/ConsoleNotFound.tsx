import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from './PageTitle.tsx';

/** A console address that names no page: said in the console's frame and language, with the way back. */
export function ConsoleNotFound() {
  const { t } = useTranslation('console-shell');
  return (
    <section className="console-card">
      <PageTitle title={t('not_found.title')} />
      <p>{t('not_found.line')}</p>
      <Link to="/admin" className="console-button">
        {t('not_found.home')}
      </Link>
    </section>
  );
}
