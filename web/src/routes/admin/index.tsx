import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '../../../../shared/product.ts';

export const Route = createFileRoute('/admin/')({
  component: ConsoleHome,
});

function ConsoleHome() {
  const { t } = useTranslation('console');
  return (
    <main className="console">
      <h1>
        {PRODUCT_NAME} {t('title')}
      </h1>
      <p>{t('session_required')}</p>
      <a className="button" href="/admin/login">
        {t('go_to_login')}
      </a>
    </main>
  );
}
