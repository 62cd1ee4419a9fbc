import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emailRule, fieldErrors } from '../../../../../shared/identity/account-rules.ts';
import { SITE_CLIENT_TYPE } from '../../../../../shared/identity/client-types.ts';
import type { Maintenance } from '../../../../../shared/identity/maintenance.ts';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { TextField } from '../../../components/TextField.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { alertText, signInProblem } from '../../../lib/identity-errors.ts';
import type { SignedIn } from '../../../lib/session-api.ts';
import {
  linkByPassword,
  type ProviderOutcome,
  signInWithProvider,
  signUpWithTicket,
} from '../api/provider-sign-in.ts';
import { PENDING_SIGN_UP_KEY } from '../api/sign-up.ts';
import { CODE_PROVIDERS, type CodeProvider, signInWithProviderPopup } from '../provider-flow.ts';

type FollowUp = Extract<ProviderOutcome, { kind: 'email-needed' | 'link' }> & { provider: CodeProvider };

/** The sign-in providers' names as the product shows them (a `providers` list of an account). */
const PROVIDER_NAME_KEYS: Record<string, string> = {
  password: 'provider.name.password',
  'google.com': 'provider.name.google',
  'kakao.com': 'provider.name.kakao',
  'naver.com': 'provider.name.naver',
};

/**
 * "Continue with Kakao" and "Continue with Naver" (the sign-in modal, the sign-up page, the payment-start
 * sign-in): the popup, then sign-in, or sign-up first. What a sign-in may still need is asked here: the
 * address to sign up with when the provider shared none, or the password of the account the address
 * already has, which alone links the provider to it. A sign-up whose address our mail verifies waits on
 * the pending page, as a password sign-up does.
 */
export function ProviderSignIn({
  language,
  persistSession,
  affiliateCode,
  onSignedIn,
  onMaintenance,
  onProblem,
}: {
  language: SiteLanguage;
  persistSession: boolean;
  affiliateCode?: string | undefined;
  onSignedIn: (signedIn: SignedIn) => void;
  onMaintenance: (maintenance: Maintenance) => void;
  onProblem: (message: string) => void;
}) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [busy, setBusy] = useState<CodeProvider>();
  const [followUp, setFollowUp] = useState<FollowUp>();

  const caller = (provider: CodeProvider, affiliate = affiliateCode) => ({
    provider,
    clientType: SITE_CLIENT_TYPE,
    language,
    persistSession,
    affiliateCode: affiliate,
  });
  const providerName = (provider: string) => t(PROVIDER_NAME_KEYS[provider] ?? provider);

  async function settle(provider: CodeProvider, outcome: ProviderOutcome) {
    switch (outcome.kind) {
      case 'signed-in':
        return onSignedIn(outcome.signedIn);
      case 'maintenance':
        return onMaintenance(outcome.maintenance);
      case 'pending':
        sessionStorage.setItem(
          PENDING_SIGN_UP_KEY,
          JSON.stringify({
            sessionId: outcome.sessionId,
            email: outcome.email,
            clientType: SITE_CLIENT_TYPE,
          }),
        );
        return navigate({ to: '/$lang/signup/pending', params: { lang: language } });
      case 'other-provider':
        return onProblem(
          t('provider.other_provider', { providers: outcome.providers.map(providerName).join(', ') }),
        );
      default:
        return setFollowUp({ ...outcome, provider });
    }
  }

  function problemOf(provider: CodeProvider, error: unknown): string | undefined {
    const reason = error instanceof Error ? error.message : '';
    if (reason === 'popup_closed' || reason === 'access_denied') return undefined;
    if (reason === 'popup_blocked') return t('google.popup_blocked');
    if (reason === 'state_mismatch' || reason === 'state_expired') return t('provider.state_refused');
    if (error instanceof ApiError && ['INVALID_ID_TOKEN', 'TOKEN_EXPIRED'].includes(error.serverCode ?? ''))
      return t('provider.refused', { provider: providerName(`${provider}.com`) });
    return alertText(signInProblem(error), t);
  }

  async function start(provider: CodeProvider) {
    setBusy(provider);
    setFollowUp(undefined);
    try {
      const given = await signInWithProviderPopup(provider, language, { affiliateCode });
      await settle(provider, await signInWithProvider(caller(provider, given.affiliateCode), given));
    } catch (error) {
      const problem = problemOf(provider, error);
      if (problem) onProblem(problem);
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <div className="auth-providers">
      {CODE_PROVIDERS.map((provider) => (
        <button
          key={provider}
          type="button"
          className={`button button-provider button-${provider}`}
          onClick={() => void start(provider)}
          disabled={Boolean(busy)}
          aria-busy={busy === provider}
        >
          {t(`provider.continue.${provider}`)}
        </button>
      ))}
      {followUp ? (
        <FollowUpForm
          followUp={followUp}
          providerName={providerName(`${followUp.provider}.com`)}
          onCancel={() => setFollowUp(undefined)}
          onEmail={async (email) =>
            settle(
              followUp.provider,
              await signUpWithTicket(caller(followUp.provider), followUp.ticket, email),
            )
          }
          onPassword={async (password) =>
            onSignedIn(await linkByPassword(caller(followUp.provider), followUp.ticket, password))
          }
          onProblem={(error) => {
            const problem = problemOf(followUp.provider, error);
            if (problem) onProblem(problem);
          }}
        />
      ) : null}
    </div>
  );
}

/** The one thing a provider's sign-in still needs: an address to sign up with, or the account's password. */
function FollowUpForm({
  followUp,
  providerName,
  onCancel,
  onEmail,
  onPassword,
  onProblem,
}: {
  followUp: FollowUp;
  providerName: string;
  onCancel: () => void;
  onEmail: (email: string) => Promise<unknown>;
  onPassword: (password: string) => Promise<unknown>;
  onProblem: (error: unknown) => void;
}) {
  const { t } = useTranslation('auth');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const asksEmail = followUp.kind === 'email-needed';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (asksEmail) {
      const checked = emailRule.safeParse(value);
      if (!checked.success) return setError(t(fieldErrors(checked.error)[''] ?? 'validation.email_invalid'));
    } else if (!value) return setError(t('validation.password_required'));
    setError(undefined);
    setBusy(true);
    try {
      await (asksEmail ? onEmail(value.trim()) : onPassword(value));
    } catch (caught) {
      const problem = signInProblem(caught);
      if (problem.field) setError(t(problem.key));
      else onProblem(caught);
    } finally {
      setBusy(false);
    }
  }

  const id = asksEmail ? 'provider-email' : 'provider-password';
  return (
    <form noValidate onSubmit={submit} className="auth-form auth-notice" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`}>
        {asksEmail
          ? t('provider.email_needed', { provider: providerName })
          : t('provider.link_needed', {
              provider: providerName,
              email: followUp.kind === 'link' ? followUp.email : '',
            })}
      </p>
      <TextField
        id={id}
        label={asksEmail ? t('field.email') : t('field.password')}
        type={asksEmail ? 'email' : 'password'}
        autoComplete={asksEmail ? 'email' : 'current-password'}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={error}
      />
      <div className="auth-follow-up-actions">
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {asksEmail ? t('provider.email_submit') : t('provider.link_submit', { provider: providerName })}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('provider.cancel')}
        </button>
      </div>
    </form>
  );
}
