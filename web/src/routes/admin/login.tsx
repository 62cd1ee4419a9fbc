import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '../../../../shared/product.ts';
import { ConsoleLoginForm } from '../../features/console-identity/components/ConsoleLoginForm.tsx';
import { searchFlag, searchParams, searchText } from '../../lib/search-params.ts';

/** `expired` says why the operator is here (the fourth refresh tick); `redirect` where to return. */
export const Route = createFileRoute('/admin/login')({
  validateSearch: searchParams({ expired: searchFlag, redirect: searchText(512) }),
  component: ConsoleLogin,
});

function ConsoleLogin() {
  const { t } = useTranslation('console');
  const { expired, redirect } = Route.useSearch();
  useEffect(() => {
    document.title = `${PRODUCT_NAME} ${t('title')} | ${t('login.title')}`;
  }, [t]);
  return (
    <main className="console">
      <h1>
        {PRODUCT_NAME} {t('title')}
      </h1>
      <h2>{t('login.title')}</h2>
      <ConsoleLoginForm expired={Boolean(expired)} redirect={redirect} />
    </main>
  );
}
