import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { alertText, signInProblem } from '../../../lib/identity-errors.ts';
import { type GoogleSignInOutcome, signInWithGoogle } from '../api/google.ts';
import { signInWithGooglePopup } from '../google-flow.ts';

/** "Continue with Google": the popup, then sign-in (or sign-up first) with the token it returns. */
export function GoogleSignInButton({
  language,
  persistSession,
  affiliateCode,
  onDone,
  onProblem,
}: {
  language: SiteLanguage;
  persistSession: boolean;
  affiliateCode?: string | undefined;
  onDone: (outcome: GoogleSignInOutcome) => void;
  onProblem: (message: string) => void;
}) {
  const { t } = useTranslation('auth');
  const [busy, setBusy] = useState(false);
  async function start() {
    setBusy(true);
    try {
      const { accessToken, state } = await signInWithGooglePopup(language, { affiliateCode });
      onDone(
        await signInWithGoogle({
          accessToken,
          clientType: 'landing',
          language,
          persistSession,
          affiliateCode: state.affiliateCode,
        }),
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : '';
      if (reason === 'popup_closed' || reason === 'access_denied') return;
      if (reason === 'popup_blocked') onProblem(t('google.popup_blocked'));
      else onProblem(alertText(signInProblem(error), t));
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className="button button-google" onClick={start} disabled={busy} aria-busy={busy}>
      {t('google.continue')}
    </button>
  );
}
