import '../auth.css';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CLIENT_TYPES,
  type ClientType,
  isWebClientType,
  SITE_CLIENT_TYPE,
} from '../../../../../shared/identity/client-types.ts';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { fetchSignUpStatus, PENDING_SIGN_UP_KEY } from '../api/sign-up.ts';
import { openApp } from '../app-url.ts';

/** How often the pending page asks whether the address is verified yet. */
export const PENDING_POLL_MS = 3000;

interface Pending {
  sessionId: string;
  email: string;
  clientType: ClientType;
}

function readPending(): Pending | undefined {
  try {
    const value = JSON.parse(
      sessionStorage.getItem(PENDING_SIGN_UP_KEY) ?? 'null',
    ) as Partial<Pending> | null;
    if (typeof value?.sessionId !== 'string' || typeof value.email !== 'string') return undefined;
    const clientType = CLIENT_TYPES.find((type) => type === value.clientType) ?? SITE_CLIENT_TYPE;
    return { sessionId: value.sessionId, email: value.email, clientType };
  } catch {
    return undefined;
  }
}

/**
 * The pending page: a spinner until the address (and a minor's parent address) is verified, then the
 * visitor is signed in and sent on: to the app, or back to the desktop or mobile app that opened the
 * sign-up. The check runs every few seconds and at once when the tab comes back into view.
 */
export function SignUpPending({
  language,
  affiliateCode,
}: {
  language: SiteLanguage;
  affiliateCode?: string | undefined;
}) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [pending] = useState(readPending);
  const [state, setState] = useState<'waiting' | 'parent' | 'ended'>('waiting');

  useEffect(() => {
    if (!pending) return;
    let stopped = false;
    const check = async () => {
      try {
        const status = await fetchSignUpStatus({
          sessionId: pending.sessionId,
          clientType: SITE_CLIENT_TYPE,
          language,
        });
        if (stopped) return;
        if (!status.session) {
          setState(status.emailVerified && status.parentEmailVerified === false ? 'parent' : 'waiting');
          return;
        }
        stopped = true;
        sessionStorage.removeItem(PENDING_SIGN_UP_KEY);
        if (isWebClientType(pending.clientType)) openApp();
        else
          await navigate({
            to: '/$lang/signup/redirect',
            params: { lang: language },
            search: {
              token: status.session.idToken,
              clientType: pending.clientType,
              ...(affiliateCode ? { affiliateCode } : {}),
            },
          });
      } catch (error) {
        if (error instanceof ApiError && error.serverCode) {
          stopped = true;
          sessionStorage.removeItem(PENDING_SIGN_UP_KEY);
          setState('ended');
        }
      }
    };
    void check();
    const timer = window.setInterval(() => void check(), PENDING_POLL_MS);
    const onVisible = () => document.visibilityState === 'visible' && void check();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [pending, language, affiliateCode, navigate]);

  if (!pending || state === 'ended')
    return (
      <section className="auth-page">
        <h1>{t('pending.title')}</h1>
        <p>{t('pending.no_session')}</p>
        <Link to="/$lang" params={{ lang: language }} search={{ open: 'signIn' }} className="button">
          {t('sign_in.submit')}
        </Link>
      </section>
    );
  return (
    <section className="auth-page" aria-busy="true">
      <div className="spinner" role="progressbar" aria-label={t('pending.title')} />
      <h1>{t('pending.title')}</h1>
      <p role="status">{state === 'parent' ? t('pending.waiting_parent') : t('pending.waiting')}</p>
      <p className="auth-hint">{t('pending.sent_to', { email: pending.email })}</p>
    </section>
  );
}
