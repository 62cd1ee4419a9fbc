import '../auth.css';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { MessageDialog, Modal } from '../../../components/Modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { createPaymentSession, orderPagePath } from '../../../lib/order-session.ts';
import type { SignedIn } from '../../../lib/session-api.ts';
import { signOutOfSite } from '../../../lib/session-refresh.ts';
import { openApp, safeNextPath } from '../app-url.ts';
import { useAuthStrings } from '../hooks/use-auth-strings.ts';
import { maintenanceText } from '../maintenance-text.ts';
import { SignInForm } from './SignInForm.tsx';

/**
 * The sign-in modal of every site page, opened by the query `?open=signIn`. The payment-start
 * variant adds `purpose=payment`, and optionally `plan` (the plan name chosen on the pricing page)
 * and `next` (a same-site path to continue to); without `next` it opens a payment session and goes to
 * the plan's order page, or to the pricing page with the session when no plan was chosen (`test` and
 * `priceVersion` travel along). Closing it removes these parameters. After a plain sign-in the visitor
 * goes to the app.
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

const definedEntries = (values: Record<string, string | undefined>) =>
  Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined);

/**
 * Why the payment start cannot open an order (section 4): a subscriber goes to the upgrade pages; a
 * pass holder is stopped (using_term_pass); an unverified account too (verify_needed_msg).
 */
function paymentStartRefusal(error: unknown): 'upgrade' | `payment.${string}` {
  if (error instanceof ApiError && error.serverCode === 'USER_ALREADY_SUBSCRIBED') {
    return error.details.isSubscription ? 'upgrade' : 'payment.using_term_pass';
  }
  if (error instanceof ApiError && error.serverCode === 'USER_VERIFICATION_NEEDED')
    return 'payment.verify_needed_msg';
  return 'payment.start_failed';
}

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
    if (!payment) return openApp();
    // Partner referral accounts buy through their partner, not through the site's payment flow.
    if (user.referralType && user.referralType !== 'affiliate') {
      await signOutOfSite().catch(() => undefined);
      setAlert(t('payment.referral_user_login'));
      return;
    }
    const next = safeNextPath(query.next);
    if (next) return window.location.assign(next);
    const paymentQuery = { test: query.test, priceVersion: query.priceVersion };
    try {
      // A payment session for the account; with a chosen plan, straight to its order page.
      const { guid, sessionInfo } = await createPaymentSession({
        idToken: session.idToken,
        lang: language,
        planName: query.plan,
        query: paymentQuery,
      });
      const pricing = new URLSearchParams({ guid, ...definedEntries(paymentQuery) });
      window.location.assign(
        query.plan
          ? orderPagePath(language, sessionInfo, paymentQuery)
          : `/${language}/payment/pricepolicy?${pricing}`,
      );
    } catch (error) {
      const refusal = paymentStartRefusal(error);
      if (refusal === 'upgrade') return startUpgrade(session.idToken, paymentQuery);
      setAlert(t(refusal));
    }
  }

  /**
   * A subscriber upgrades (section 4): an upgrade session is opened, then the upgrade order page of the
   * chosen plan when the current plan may go to it, else the upgrade pricing page. A plan with nothing
   * above it is the lower-plan refusal.
   */
  async function startUpgrade(idToken: string, paymentQuery: Record<string, string | undefined>) {
    try {
      const { openUpgradeSession } = await import('../../upgrades/api/upgrade-calls.ts');
      const { guid, sessionInfo } = await openUpgradeSession({
        idToken,
        lang: language,
        planName: query.plan,
      });
      const search = new URLSearchParams({ guid, ...definedEntries(paymentQuery) });
      const chosen = query.plan !== undefined && sessionInfo.planPriceInfo.name === query.plan;
      if (chosen) search.set('plan', sessionInfo.planPriceInfo.name);
      const page = chosen ? 'upgrade/order/subscription' : 'upgrade/pricepolicy';
      window.location.assign(`/${language}/payment/${page}?${search}`);
    } catch (error) {
      const blocked = error instanceof ApiError && error.serverCode === 'UPGRADE_NOT_ALLOWED';
      setAlert(t(blocked ? 'payment.can_not_change_to_lower_plan' : paymentStartRefusal(error)));
    }
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
