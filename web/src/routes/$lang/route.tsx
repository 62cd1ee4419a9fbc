import { createFileRoute, Link, notFound, Outlet, useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isSiteLanguage, SITE_LANGUAGES, type SiteLanguage } from '../../../../shared/languages.ts';
import { PRODUCT_NAME } from '../../../../shared/product.ts';
import { NotFound } from '../../components/NotFound.tsx';
import { SignInDialog } from '../../features/auth/components/SignInDialog.tsx';

const LANGUAGE_NAMES: Record<SiteLanguage, string> = {
  ko: '한국어',
  en: 'English',
  ja: '日本語',
  es: 'Español',
  'zh-TW': '繁體中文',
};

export const Route = createFileRoute('/$lang')({
  beforeLoad: ({ params }) => {
    if (!isSiteLanguage(params.lang)) throw notFound();
    return { lang: params.lang };
  },
  component: LanguageLayout,
  notFoundComponent: () => <NotFound lang={Route.useParams().lang} />,
});

function LanguageLayout() {
  const { lang } = Route.useRouteContext();
  const { t } = useTranslation();
  const { pathname, searchStr } = useLocation();
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  const rest = pathname.split('/').slice(2).join('/');

  return (
    <>
      <header className="site-header">
        <Link to="/$lang" params={{ lang }} className="logo">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span>{PRODUCT_NAME}</span>
        </Link>
        <nav aria-label={t('header.language')}>
          <ul className="languages">
            {SITE_LANGUAGES.map((code) => (
              <li key={code}>
                <a
                  href={`/${code}${rest ? `/${rest}` : ''}${searchStr}`}
                  hrefLang={code}
                  lang={code}
                  aria-current={code === lang ? 'true' : undefined}
                >
                  {LANGUAGE_NAMES[code]}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <Outlet />
      <SignInDialog language={lang} />
    </>
  );
}
