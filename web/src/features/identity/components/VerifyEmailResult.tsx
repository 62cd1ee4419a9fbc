import '../auth.css';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { applyVerificationLink } from '../api/links.ts';

/** The page a verification link opens: it applies the token and says what was verified, and what is still missing. */
export function VerifyEmailResult({ language, token }: { language: SiteLanguage; token: string }) {
  const { t } = useTranslation('auth');
  const result = useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => applyVerificationLink(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (result.isPending)
    return (
      <section className="auth-page" aria-busy="true">
        <div className="spinner" role="progressbar" aria-label={t('verify.checking')} />
        <p>{t('verify.checking')}</p>
      </section>
    );
  if (result.isError) {
    const expired = result.error instanceof ApiError && result.error.serverCode === 'TOKEN_EXPIRED';
    return (
      <section className="auth-page">
        <h1>{t('verify.failed_title')}</h1>
        <p role="alert">{expired ? t('verify.expired') : t('verify.invalid')}</p>
      </section>
    );
  }
  // A minor signs in once both addresses are verified: each page says what is still missing.
  const { verified, emailVerified, parentEmailVerified } = result.data;
  const message =
    verified === 'parent-email'
      ? emailVerified
        ? t('verify.parent_done')
        : t('verify.parent_done_waiting_child')
      : parentEmailVerified === false
        ? t('verify.email_done_waiting_parent')
        : t('verify.email_done');
  const canSignIn = verified === 'email' && parentEmailVerified !== false;
  return (
    <section className="auth-page">
      <h1>{t('verify.done_title')}</h1>
      <p role="status">{message}</p>
      {!canSignIn ? null : (
        <Link to="/$lang" params={{ lang: language }} search={{ open: 'signIn' }} className="button">
          {t('sign_in.submit')}
        </Link>
      )}
    </section>
  );
}
