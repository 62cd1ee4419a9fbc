import { useTranslation } from 'react-i18next';

/**
 * The order page while its read is on the way (a page loaded by its address; the route's pending view),
 * in a module of its own: the route keeps it in its first chunk, which must not carry the page.
 */
export function OrderLoading() {
  const { t } = useTranslation('order');
  return (
    <main id="main" className="order-page">
      <div className="spinner" role="status" aria-label={t('session.loading')} />
    </main>
  );
}
