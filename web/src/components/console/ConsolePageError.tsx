import { Link, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ErrorNote } from './ErrorNote.tsx';
import { PageTitle } from './PageTitle.tsx';

/**
 * A page that failed (its data could not be read: an unknown uid, a server refusal), said inside the
 * console's frame in the operator's language, with the ways back.
 */
export function ConsolePageError({ error }: { error: unknown }) {
  const { t } = useTranslation('console-shell');
  const router = useRouter();
  return (
    <section className="console-card">
      <PageTitle title={t('error.page_title')} />
      <ErrorNote error={error} />
      <div className="console-actions">
        <button type="button" className="console-button secondary" onClick={() => router.history.back()}>
          {t('error.back')}
        </button>
        <Link to="/admin" className="console-button">
          {t('error.home')}
        </Link>
      </div>
    </section>
  );
}
