import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { MessageDialog } from '../../../components/Modal.tsx';
import { openApp } from '../app-url.ts';
import { maintenanceText } from '../maintenance-text.ts';
import { GoogleSignInButton } from './GoogleSignInButton.tsx';
import { ProviderSignIn } from './ProviderSignIn.tsx';

/**
 * The sign-up page's quicker ways in: Google, Kakao or Naver (an identity without an account signs up,
 * one with an account signs in), then on to the app; the form below signs up with a password.
 */
export function SignUpProviders({
  language,
  affiliateCode,
}: {
  language: SiteLanguage;
  affiliateCode?: string | undefined;
}) {
  const { t } = useTranslation('auth');
  const [alert, setAlert] = useState<string>();
  return (
    <div className="auth-sign-in">
      <GoogleSignInButton
        language={language}
        persistSession={false}
        affiliateCode={affiliateCode}
        onDone={(outcome) =>
          outcome.kind === 'signed-in'
            ? openApp()
            : setAlert(maintenanceText(outcome.maintenance, language, t))
        }
        onProblem={setAlert}
      />
      <ProviderSignIn
        language={language}
        persistSession={false}
        affiliateCode={affiliateCode}
        onSignedIn={() => openApp()}
        onMaintenance={(maintenance) => setAlert(maintenanceText(maintenance, language, t))}
        onProblem={setAlert}
      />
      <p className="auth-or">{t('sign_up.or_email')}</p>
      <MessageDialog
        message={alert}
        title={t('sign_up.title')}
        buttonLabel={t('common.ok')}
        onClose={() => setAlert(undefined)}
      />
    </div>
  );
}
