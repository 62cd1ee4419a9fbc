import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '../../../../../shared/product.ts';
import { endConsoleSession } from '../../../features/console-auth/console-session.ts';

export const Route = createFileRoute('/admin/_console/')({
  component: ConsoleHome,
});

function ConsoleHome() {
  const { t } = useTranslation('console');
  const { operator } = Route.useRouteContext();
  const navigate = useNavigate();
  return (
    <main className="console">
      <h1>
        {PRODUCT_NAME} {t('title')}
      </h1>
      <p>{t('signed_in_as', { email: operator.email })}</p>
      <button
        type="button"
        className="button"
        onClick={async () => {
          await endConsoleSession();
          await navigate({ to: '/admin/login' });
        }}
      >
        {t('logout')}
      </button>
    </main>
  );
}
