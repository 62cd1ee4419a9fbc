import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '../../../../shared/product.ts';
import { useRedirectSignedInToApp } from '../../features/auth/hooks/use-signed-in-redirect.ts';
import { paymentPlanInfoQuery } from '../../features/plans/api/get-payment-plan-info.ts';
import { PlanList } from '../../features/plans/components/PlanList.tsx';

export const Route = createFileRoute('/$lang/')({
  // Started, not awaited: the page renders at once and the plan list fills its reserved space.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(paymentPlanInfoQuery({}));
  },
  component: LanguageHome,
});

function LanguageHome() {
  const { lang } = Route.useRouteContext();
  const { t } = useTranslation();
  useRedirectSignedInToApp(lang);
  useEffect(() => {
    document.title = `${PRODUCT_NAME} | ${t('home.title')}`;
  }, [t]);
  return (
    <main className="home">
      <h1>{t('home.title')}</h1>
      <p className="lead">{t('home.description')}</p>
      <PlanList lang={lang} />
    </main>
  );
}
