import '../auth.css';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { applyVerificationLink } from '../api/links.ts';

/** The page a verification link opens: it applies the token and says what was verified. */
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
  const parent = result.data.verified === 'parent-email';
  return (
    <section className="auth-page">
      <h1>{t('verify.done_title')}</h1>
      <p role="status">{parent ? t('verify.parent_done') : t('verify.email_done')}</p>
      {parent ? null : (
        <Link to="/$lang" params={{ lang: language }} search={{ open: 'signIn' }} className="button">
          {t('sign_in.submit')}
        </Link>
      )}
    </section>
  );
}
