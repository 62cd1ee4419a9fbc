import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { BILLING_PAGE } from '../../../../../shared/site/site-pages.ts';
import { usePageHead } from '../../../lib/page-head.ts';
import { siteIdToken } from '../../../lib/session-refresh.ts';
import { AccountDeletionSection } from '../../account-deletion/index.ts';
import { PlanChangeSection } from '../../plan-change/index.ts';
import { RenewalConsentSection } from '../../renewal-consent/index.ts';
import { TaxInvoiceSection } from '../../tax-invoices/index.ts';
import { HistorySection } from './HistorySection.tsx';
import { PlanSection } from './PlanSection.tsx';
import { UsageSection } from './UsageSection.tsx';
import '../billing.css';

/**
 * /{lang}/account/billing (issue 17 part 3): the signed-in customer's plan, this month's usage and the
 * payment history, with the ways to the after-purchase flows. Private: never pre-rendered nor indexed;
 * signed out, the sign-in modal opens and brings the visitor back here.
 */
export function BillingPage({ lang }: { lang: SiteLanguage }) {
  const { t } = useTranslation('billing');
  usePageHead({ title: t('title'), description: t('meta_description'), noindex: true });
  const navigate = useNavigate();
  const token = useQuery({
    queryKey: ['site-session', lang],
    queryFn: async () => (await siteIdToken(lang)) ?? null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const signedOut = token.data === null;
  useEffect(() => {
    if (signedOut)
      void navigate({
        to: '.',
        search: (previous: Record<string, unknown>) => ({
          ...previous,
          open: 'signIn',
          next: `/${lang}${BILLING_PAGE}`,
        }),
        replace: true,
      });
  }, [signedOut, lang, navigate]);
  return (
    <main id="main" className="billing-page" aria-busy={token.isPending}>
      <h1>{t('title')}</h1>
      {signedOut ? <p>{t('signed_out')}</p> : null}
      {token.data ? (
        <>
          <PlanSection token={token.data} lang={lang} />
          <PlanChangeSection token={token.data} lang={lang} />
          <RenewalConsentSection token={token.data} lang={lang} />
          <UsageSection token={token.data} />
          <HistorySection token={token.data} lang={lang} />
          <TaxInvoiceSection
            id="billing-tax-invoice"
            owner={{ token: token.data }}
            className="billing-section"
          />
          <AccountDeletionSection token={token.data} lang={lang} />
        </>
      ) : null}
    </main>
  );
}
