import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isSiteLanguage } from '../../../shared/languages.ts';
import { visitorLanguage } from '../lib/visitor-language.ts';

/**
 * The not-found page: title, two lines and the way home (the page's language when it is one, else the
 * visitor's). Never indexed; the server also answers these paths with 404.
 */
export function NotFound({ lang: pathLanguage }: { lang: string | undefined }) {
  const { t } = useTranslation();
  const lang = isSiteLanguage(pathLanguage) ? pathLanguage : visitorLanguage();
  useEffect(() => {
    const robots = document.createElement('meta');
    robots.name = 'robots';
    robots.content = 'noindex';
    document.head.append(robots);
    document.title = t('not_found.title');
    return () => robots.remove();
  }, [t]);
  return (
    <main className="not-found">
      <h1>{t('not_found.title')}</h1>
      <p>{t('not_found.line1')}</p>
      <p>{t('not_found.line2')}</p>
      <Link to="/$lang" params={{ lang }} className="button">
        {t('not_found.home')}
      </Link>
    </main>
  );
}
