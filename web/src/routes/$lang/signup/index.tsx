import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CLIENT_TYPES, SITE_CLIENT_TYPE } from '../../../../../shared/identity/client-types.ts';
import { PRODUCT_NAME } from '../../../../../shared/product.ts';
import { SignUpForm } from '../../../features/identity/components/SignUpForm.tsx';
import { SignUpProviders } from '../../../features/identity/components/SignUpProviders.tsx';
import { loadLanguage } from '../../../i18n/i18n.ts';
import { type SearchReader, searchChoice, searchParams, searchText } from '../../../lib/search-params.ts';

const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

/**
 * `coupon` (the console's sign-up links) and `affiliateCode` prefill the affiliate referral;
 * `clientType` says which app opened the page; utm_* parameters are recorded with the account.
 */
const SignUpSearch = searchParams({
  coupon: searchText(64),
  affiliateCode: searchText(64),
  clientType: searchChoice(CLIENT_TYPES),
  ...(Object.fromEntries(UTM_KEYS.map((key) => [key, searchText(256)])) as Record<
    (typeof UTM_KEYS)[number],
    SearchReader<string | undefined>
  >),
});

export const Route = createFileRoute('/$lang/signup/')({
  validateSearch: SignUpSearch,
  beforeLoad: ({ context }) => loadLanguage(context.lang, ['auth']),
  component: SignUpPage,
});

function SignUpPage() {
  const { lang } = Route.useRouteContext();
  const search = Route.useSearch();
  const { t } = useTranslation('auth');
  useEffect(() => {
    document.title = `${PRODUCT_NAME} | ${t('sign_up.title')}`;
  }, [t]);
  const utmParams = Object.fromEntries(
    UTM_KEYS.filter((key) => search[key]).map((key) => [key, String(search[key])]),
  );
  return (
    <main className="auth-page">
      <h1>{t('sign_up.title')}</h1>
      {/* The apps' sign-up pages hand the session over by their own flow (signup/redirect): a password only. */}
      {(search.clientType ?? SITE_CLIENT_TYPE) === SITE_CLIENT_TYPE ? (
        <SignUpProviders language={lang} affiliateCode={search.coupon ?? search.affiliateCode} />
      ) : null}
      <SignUpForm
        language={lang}
        context={{
          clientType: search.clientType ?? SITE_CLIENT_TYPE,
          affiliateCode: search.coupon ?? search.affiliateCode,
          utmParams: Object.keys(utmParams).length ? utmParams : undefined,
        }}
      />
    </main>
  );
}
