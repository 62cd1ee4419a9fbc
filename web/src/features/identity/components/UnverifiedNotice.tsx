import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClientError, IDENTITY_ERRORS } from '../../../../../shared/errors/catalogue.ts';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { alertText, signInProblem } from '../../../lib/identity-errors.ts';
import { requestVerificationMail } from '../api/resend-verification-mail.ts';

/** An account that signed in with the right password but waits for its verification. */
export interface Unverified {
  email: string;
  /** The minor's own address is verified: only the parent's confirmation is missing. */
  parentOnly: boolean;
}

/**
 * Why the sign-in stopped (error.signup_unverified_email, or the parent's confirmation still missing)
 * and the offer to send the verification mail again, in the page's language.
 */
export function UnverifiedNotice({
  language,
  unverified,
}: {
  language: SiteLanguage;
  unverified: Unverified;
}) {
  const { t } = useTranslation('auth');
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<string>();
  const reason = unverified.parentOnly
    ? t('sign_in.unverified_parent')
    : t(`errors:${IDENTITY_ERRORS.USER_UNVERIFIED.message}`);

  async function resend() {
    setSending(true);
    try {
      await requestVerificationMail({ email: unverified.email, language });
      setOutcome(
        unverified.parentOnly ? t('sign_in.resent_parent') : t('sign_in.resent', { email: unverified.email }),
      );
    } catch (error) {
      const tooSoon = error instanceof ApiError && error.serverCode === 'TOO_MANY_REQUESTS';
      setOutcome(tooSoon ? t('sign_in.resend_too_soon') : alertText(signInProblem(error), t));
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="auth-notice">
      <p role="alert">{formatClientError(IDENTITY_ERRORS.USER_UNVERIFIED.client, reason)}</p>
      <button
        type="button"
        className="button button-secondary"
        disabled={sending}
        aria-busy={sending}
        onClick={() => void resend()}
      >
        {unverified.parentOnly ? t('sign_in.resend_parent') : t('sign_in.resend')}
      </button>
      <p role="status">{outcome}</p>
    </div>
  );
}
