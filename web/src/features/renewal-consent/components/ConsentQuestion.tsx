import type { UseMutationResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { RenewalConsentView } from '../../../../../shared/api/renewal-consent.ts';
import { formatPrice } from '../../../../../shared/currency.ts';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { PAYMENT_TIME_ZONE } from '../../../../../shared/payments/constants.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { planLabel } from '../../../lib/plan-names.ts';
import { clientCodeOf, clientErrorText } from '../../checkout/index.ts';
import type { ConsentChoice } from '../api/renewal-consent.ts';
import '../renewal-consent.css';

const day = (ms: number, lang: SiteLanguage) =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: PAYMENT_TIME_ZONE }).format(new Date(ms));

/** An answer that failed, in the page's language: a question closed meanwhile is said so plainly. */
function answerFailure(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.serverCode === 'EXPIRED') return t('closed');
  return clientErrorText(t, clientCodeOf(error));
}

/**
 * A renewal's consent: what rises, from when and why, what happens without an answer and how to
 * withdraw one, the answer so far, and the answers still open (the chosen one first, when a mail's
 * link named it).
 */
export function ConsentQuestion({
  consent,
  lang,
  answer,
  preferred,
}: {
  consent: RenewalConsentView;
  lang: SiteLanguage;
  answer: UseMutationResult<RenewalConsentView, Error, ConsentChoice>;
  preferred?: ConsentChoice | undefined;
}) {
  const { t } = useTranslation('renewal-consent');
  const values = {
    plan: planLabel(t, consent),
    amount: formatPrice(consent.amount, consent.currency),
    from: formatPrice(consent.lastCharge, consent.currency),
    date: day(consent.renewsAt, lang),
  };
  const choices: ConsentChoice[] = [];
  if (consent.status !== 'consented') choices.push('consent');
  if (consent.status !== 'declined') choices.push('decline');
  if (preferred === 'decline') choices.reverse();
  const label = (choice: ConsentChoice) =>
    choice === 'consent'
      ? t('consent', values)
      : consent.status === 'consented'
        ? t('withdraw')
        : t('decline');
  return (
    <>
      <p data-testid="renewal-consent-rise">{t('rise', values)}</p>
      <p>{t(`reason.${consent.reason}`)}</p>
      <p>{t('how', values)}</p>
      <p role="status" data-testid="renewal-consent-status">
        {t(`status.${consent.status}`, values)}
      </p>
      {consent.open ? (
        <div className="renewal-consent-answers">
          {choices.map((choice, index) => (
            <button
              key={choice}
              type="button"
              className={index === 0 ? 'button button-primary' : 'button button-outline'}
              disabled={answer.isPending}
              onClick={() => answer.mutate(choice)}
            >
              {label(choice)}
            </button>
          ))}
        </div>
      ) : (
        <p>{t('closed')}</p>
      )}
      {answer.error ? <p role="alert">{answerFailure(t, answer.error)}</p> : null}
    </>
  );
}
