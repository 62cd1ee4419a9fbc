import { useTranslation } from 'react-i18next';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { BILLING_PAGE } from '../../../../../shared/site/site-pages.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { usePageHead } from '../../../lib/page-head.ts';
import { type ConsentChoice, useAnswerLinkConsent, useLinkConsent } from '../api/renewal-consent.ts';
import { ConsentQuestion } from './ConsentQuestion.tsx';

/**
 * /{lang}/account/renewal-consent?token=&choice= : where the consent mail's links lead. The answer is
 * one press here, without signing in (the link's signed token is the credential); a GET records
 * nothing, since mail scanners open links, and the law wants the consent given, not presumed.
 */
export function RenewalConsentPage({
  lang,
  token,
  choice,
}: {
  lang: SiteLanguage;
  token: string;
  choice: ConsentChoice | undefined;
}) {
  const { t } = useTranslation('renewal-consent');
  usePageHead({ title: t('title'), description: t('meta_description'), noindex: true });
  const consent = useLinkConsent(token);
  const answer = useAnswerLinkConsent(token);
  const failure =
    consent.error instanceof ApiError && consent.error.serverCode === 'EXPIRED'
      ? t('link_expired')
      : consent.error
        ? t('link_invalid')
        : undefined;
  return (
    <main id="main" className="renewal-consent-page" aria-busy={consent.isPending}>
      <h1>{t('title')}</h1>
      {failure ? <p role="alert">{failure}</p> : null}
      {consent.data ? (
        <ConsentQuestion consent={consent.data} lang={lang} answer={answer} preferred={choice} />
      ) : null}
      <p>
        <a href={`/${lang}${BILLING_PAGE}`}>{t('billing_link')}</a>
      </p>
    </main>
  );
}
