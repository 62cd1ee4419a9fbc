import { useTranslation } from 'react-i18next';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { useAccountConsent, useAnswerAccountConsent } from '../api/renewal-consent.ts';
import { ConsentQuestion } from './ConsentQuestion.tsx';

/**
 * The billing page's notice of a renewal that costs more (issue 26 point 3): shown while the
 * account's renewal asks for consent, with the answers; nothing otherwise.
 */
export function RenewalConsentSection({ token, lang }: { token: string; lang: SiteLanguage }) {
  const { t } = useTranslation('renewal-consent');
  const consent = useAccountConsent(token);
  const answer = useAnswerAccountConsent(token);
  if (!consent.data) return null;
  return (
    <section className="billing-section" aria-labelledby="renewal-consent-title">
      <h2 id="renewal-consent-title">{t('title')}</h2>
      <ConsentQuestion consent={consent.data} lang={lang} answer={answer} />
    </section>
  );
}
