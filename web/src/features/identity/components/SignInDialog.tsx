import '../auth.css';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { MessageDialog, Modal } from '../../../components/Modal.tsx';
import { buysThroughPartner, startSignedIn } from '../../../lib/payment-start.ts';
import type { SignedIn } from '../../../lib/session-api.ts';
import { rememberSiteSession } from '../../../lib/session-refresh.ts';
import { openApp, safeNextPath } from '../app-url.ts';
import { useAuthStrings } from '../hooks/use-auth-strings.ts';
import { maintenanceText } from '../maintenance-text.ts';
import { SignInForm } from './SignInForm.tsx';

/**
 * The sign-in modal of every site page, opened by the query `?open=signIn`. The payment-start
 * variant adds `purpose=payment`, and optionally `plan` (the plan name chosen on the pricing page)
 * and `next` (a same-site path to continue to); without `next` the visitor goes where
 * `startAfterSignIn` (lib/payment-start.ts) leads (`test` and `priceVersion` travel along). Closing
 * it removes these parameters. After a plain sign-in the visitor goes to `next`, else to the app.
 */
const SignInQuery = z.object({
  open: z.literal('signIn'),
  purpose: z.enum(['payment']).optional(),
  plan: z.string().max(64).optional(),
  next: z.string().max(512).optional(),
  test: z.string().max(8).optional().catch(undefined),
  priceVersion: z.string().max(16).optional().catch(undefined),
});
const SIGN_IN_PARAMS = ['open', 'purpose', 'plan', 'next'];

export function SignInDialog({ language }: { language: SiteLanguage }) {
  const search = useLocation({ select: (location) => location.search as Record<string, unknown> });
  const query = SignInQuery.safeParse(search);
  const ready = useAuthStrings(language);
  if (!query.success || !ready) return null;
  return <OpenSignInDialog language={language} query={query.data} />;
}

function OpenSignInDialog({
  language,
  query,
}: {
  language: SiteLanguage;
  query: z.infer<typeof SignInQuery>;
}) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [alert, setAlert] = useState<string>();
  const payment = query.purpose === 'payment';

  const close = () =>
    void navigate({
      to: '.',
      search: (previous: Record<string, unknown>) =>
        Object.fromEntries(Object.entries(previous).filter(([name]) => !SIGN_IN_PARAMS.includes(name))),
      replace: true,
    });

  async function continueAfterSignIn({ user, session }: SignedIn) {
    rememberSiteSession({ user, session });
    const next = safeNextPath(query.next);
    // A private page (the billing page) opened signed out asks to come back to it.
    if (!payment) return next ? window.location.assign(next) : openApp();
    if (next && !buysThroughPartner(user)) return window.location.assign(next);
    // The order page's code and texts load while the start is asked (its data comes with the answer).
    void router.preloadRoute({ to: '/$lang/payment/order/subscription', params: { lang: language } });
    const start = await startSignedIn(
      { idToken: session.idToken, user },
      {
        lang: language,
        planName: query.plan,
        query: { test: query.test, priceVersion: query.priceVersion },
        cache: queryClient,
      },
    );
    if (start.kind === 'page') void navigate({ href: start.href, replace: true });
    else setAlert(t(start.reason));
  }

  return (
    <>
      <Modal open={!alert} onClose={close} labelledBy="sign-in-title">
        <h2 id="sign-in-title">{payment ? t('sign_in.payment_title') : t('sign_in.title')}</h2>
        {payment ? <p className="auth-lead">{t('sign_in.payment_lead')}</p> : null}
        <SignInForm
          language={language}
          onSignedIn={(signedIn) => void continueAfterSignIn(signedIn)}
          onMaintenance={({ maintenance }) => setAlert(maintenanceText(maintenance, language, t))}
          onAlert={setAlert}
        />
        <div className="auth-actions">
          <button type="button" className="button-link" onClick={close}>
            {t('common.close')}
          </button>
        </div>
      </Modal>
      <MessageDialog
        message={alert}
        title={t('sign_in.title')}
        buttonLabel={t('common.ok')}
        onClose={() => setAlert(undefined)}
      />
    </>
  );
}
