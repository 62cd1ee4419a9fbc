import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors, paymentSignInRule } from '../../../../../shared/identity/account-rules.ts';
import { SITE_CLIENT_TYPE } from '../../../../../shared/identity/client-types.ts';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { TextField } from '../../../components/TextField.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { alertText, signInProblem } from '../../../lib/identity-errors.ts';
import { type SignedIn, signInWithPassword } from '../../../lib/session-api.ts';
import type { GoogleSignInOutcome } from '../api/google.ts';
import { GoogleSignInButton } from './GoogleSignInButton.tsx';
import { ProviderSignIn } from './ProviderSignIn.tsx';
import { type Unverified, UnverifiedNotice } from './UnverifiedNotice.tsx';

/**
 * Sign-in: Google, Kakao or Naver, or e-mail and password. Errors go where the specification puts them: an unknown
 * address on the e-mail field, a wrong password on the password field, the rest in an alert. An
 * address not verified yet stays in the form, with the offer to send its mail again.
 */
export function SignInForm({
  language,
  onSignedIn,
  onMaintenance,
  onAlert,
}: {
  language: SiteLanguage;
  onSignedIn: (signedIn: SignedIn) => void;
  onMaintenance: (outcome: Extract<GoogleSignInOutcome, { kind: 'maintenance' }>) => void;
  onAlert: (message: string) => void;
}) {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [persistSession, setPersistSession] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [unverified, setUnverified] = useState<Unverified>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = paymentSignInRule.safeParse({ email, password });
    if (!checked.success) {
      setErrors(
        Object.fromEntries(Object.entries(fieldErrors(checked.error)).map(([field, key]) => [field, t(key)])),
      );
      return;
    }
    setErrors({});
    setUnverified(undefined);
    setBusy(true);
    try {
      onSignedIn(
        await signInWithPassword({
          email: checked.data.email,
          password,
          clientType: SITE_CLIENT_TYPE,
          language,
          persistSession,
        }),
      );
    } catch (error) {
      const problem = signInProblem(error);
      if (error instanceof ApiError && error.serverCode === 'USER_UNVERIFIED') {
        // Only the parent is missing when the minor's own address is verified.
        setUnverified({ email: checked.data.email, parentOnly: error.details.emailVerified === true });
      } else if (problem.field) setErrors({ [problem.field]: t(problem.key) });
      else onAlert(alertText(problem, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="auth-sign-in">
      <GoogleSignInButton
        language={language}
        persistSession={persistSession}
        onDone={(outcome) =>
          outcome.kind === 'signed-in' ? onSignedIn(outcome.signedIn) : onMaintenance(outcome)
        }
        onProblem={onAlert}
      />
      <ProviderSignIn
        language={language}
        persistSession={persistSession}
        onSignedIn={onSignedIn}
        onMaintenance={(maintenance) => onMaintenance({ kind: 'maintenance', maintenance })}
        onProblem={onAlert}
      />
      <p className="auth-or">{t('sign_in.or')}</p>
      <form noValidate onSubmit={submit} className="auth-form">
        <TextField
          id="sign-in-email"
          label={t('field.email')}
          type="email"
          autoComplete="username"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setUnverified(undefined);
          }}
          error={errors.email}
        />
        <TextField
          id="sign-in-password"
          label={t('field.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
        <label className="auth-check">
          <input
            type="checkbox"
            checked={persistSession}
            onChange={(event) => setPersistSession(event.target.checked)}
          />
          {t('sign_in.keep_signed_in')}
        </label>
        {unverified ? <UnverifiedNotice language={language} unverified={unverified} /> : null}
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {t('sign_in.submit')}
        </button>
      </form>
      <p className="auth-switch">
        {t('sign_in.no_account')}{' '}
        <Link to="/$lang/signup" params={{ lang: language }}>
          {t('sign_in.to_sign_up')}
        </Link>
      </p>
    </div>
  );
}
