import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeletionBlocker } from '../../../../../shared/account-deletion/deletion-blockers.ts';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { PAYMENT_TIME_ZONE } from '../../../../../shared/payments/constants.ts';
import { TextField } from '../../../components/TextField.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { clientCodeOf, clientErrorText } from '../../checkout/index.ts';
import {
  CODE_PROVIDERS,
  PROVIDER_ID,
  signInWithGooglePopup,
  signInWithProviderPopup,
} from '../../identity/index.ts';
import { useConfirmDeletion, useDeleteAccount } from '../api/account-deletion.ts';

const day = (ms: number, lang: SiteLanguage) =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: PAYMENT_TIME_ZONE }).format(new Date(ms));

/**
 * The deletion's steps in its dialog: sign in again (password, Google, Kakao or Naver), then either what keeps the
 * account from being deleted yet, or the refund policy and what happens with the button that deletes;
 * then the confirmation.
 */
export function DeletionSteps({
  token,
  lang,
  onCancel,
  onDeleted,
}: {
  token: string;
  lang: SiteLanguage;
  onCancel: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('account-deletion');
  const confirm = useConfirmDeletion(token);
  const remove = useDeleteAccount(token, lang);
  const [password, setPassword] = useState('');
  const [googleProblem, setGoogleProblem] = useState<string>();
  const problem = (error: unknown) => {
    const code = error instanceof ApiError ? error.serverCode : undefined;
    if (code === 'INVALID_PASSWORD') return t('error.password');
    if (code === 'INVALID_ID_TOKEN') return t('error.google_account');
    if (code === 'TOO_MANY_ATTEMPTS_TRY_LATER') return t('error.too_many');
    if (code === 'EXPIRED') return t('error.expired');
    if (code === 'ACCOUNT_HAS_OPEN_PAYMENT') return t('error.open_payment');
    return clientErrorText(t, clientCodeOf(error));
  };

  if (remove.data)
    return (
      <>
        <h2 id="account-deletion-dialog-title">{t('done.title')}</h2>
        <p role="status">{t('done.text', { date: day(remove.data.deletedAt, lang) })}</p>
        <div className="modal-actions">
          <a className="button button-primary" href={`/${lang}`} onClick={onDeleted}>
            {t('done.home')}
          </a>
        </div>
      </>
    );

  const confirmed = confirm.data;
  if (!confirmed) {
    const submit = (event: FormEvent) => {
      event.preventDefault();
      confirm.mutate({ kind: 'password', password });
    };
    const google = async () => {
      setGoogleProblem(undefined);
      try {
        const { accessToken } = await signInWithGooglePopup(lang);
        confirm.mutate({ kind: 'google', accessToken });
      } catch (error) {
        const reason = error instanceof Error ? error.message : '';
        if (reason !== 'popup_closed' && reason !== 'access_denied') setGoogleProblem(t('error.google'));
      }
    };
    const provider = async (name: (typeof CODE_PROVIDERS)[number]) => {
      setGoogleProblem(undefined);
      try {
        const { code, redirectUri, nonce, state } = await signInWithProviderPopup(name, lang);
        confirm.mutate({
          kind: 'provider',
          providerId: PROVIDER_ID[name],
          code,
          redirectUri,
          ...(name === 'kakao' ? { nonce } : { state }),
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : '';
        if (reason !== 'popup_closed' && reason !== 'access_denied') setGoogleProblem(t(`error.${name}`));
      }
    };
    return (
      <>
        <h2 id="account-deletion-dialog-title">{t('reauth.title')}</h2>
        <p>{t('reauth.text')}</p>
        <form onSubmit={submit}>
          <TextField
            id="account-deletion-password"
            label={t('reauth.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <div className="modal-actions">
            <button type="button" className="button button-outline" onClick={onCancel}>
              {t('cancel')}
            </button>
            <button type="submit" className="button button-primary" disabled={!password || confirm.isPending}>
              {t('reauth.submit')}
            </button>
          </div>
        </form>
        <p className="account-deletion-or">{t('reauth.or')}</p>
        <button
          type="button"
          className="button button-outline account-deletion-google"
          onClick={google}
          disabled={confirm.isPending}
        >
          {t('reauth.google')}
        </button>
        {CODE_PROVIDERS.map((name) => (
          <button
            key={name}
            type="button"
            className="button button-outline account-deletion-google"
            onClick={() => void provider(name)}
            disabled={confirm.isPending}
          >
            {t(`reauth.${name}`)}
          </button>
        ))}
        {confirm.error ? <p role="alert">{problem(confirm.error)}</p> : null}
        {googleProblem ? <p role="alert">{googleProblem}</p> : null}
      </>
    );
  }

  if (confirmed.blocker)
    return (
      <>
        <h2 id="account-deletion-dialog-title">{t('blocked.title')}</h2>
        <p role="alert">{blockerText(t, confirmed.blocker, lang)}</p>
        <div className="modal-actions">
          <button type="button" className="button button-primary" onClick={onCancel}>
            {t('close')}
          </button>
        </div>
      </>
    );

  return (
    <>
      <h2 id="account-deletion-dialog-title">{t('confirm.title')}</h2>
      <h3>{t('confirm.refund_title')}</h3>
      <p>{t('confirm.refund_text')}</p>
      <RefundPolicy />
      <p>
        <a href={`/${lang}/refund-policy`} target="_blank" rel="noreferrer">
          {t('confirm.refund_policy')}
        </a>
      </p>
      <h3>{t('confirm.what_title')}</h3>
      <ul className="account-deletion-facts">
        <li>{t('confirm.what.renewals')}</li>
        <li>{t('confirm.what.sign_in')}</li>
        <li>{t('confirm.what.data')}</li>
        <li>{t('confirm.what.kept')}</li>
        <li>{t('confirm.what.sign_up')}</li>
        <li>{t('confirm.what.mail')}</li>
      </ul>
      <div className="modal-actions">
        <button type="button" className="button button-outline" onClick={onCancel}>
          {t('cancel')}
        </button>
        <button
          type="button"
          className="button button-danger"
          disabled={remove.isPending}
          onClick={() => remove.mutate(confirmed.deletionToken)}
        >
          {t('confirm.delete')}
        </button>
      </div>
      {remove.error ? <p role="alert">{problem(remove.error)}</p> : null}
    </>
  );
}

/** The site's refund policy itself (the legal pages' text), not a summary of it. */
function RefundPolicy() {
  const { t } = useTranslation('legal');
  const sections = t('refund-policy.sections', { returnObjects: true }) as unknown;
  if (!Array.isArray(sections)) return null;
  return (
    <div className="account-deletion-policy" data-testid="account-deletion-refund-policy">
      {(sections as Array<{ heading: string; body: string[] }>).map((section) => (
        <section key={section.heading}>
          <h4>{section.heading}</h4>
          {section.body.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </div>
  );
}

function blockerText(
  t: (key: string, values?: Record<string, string>) => string,
  blocker: { reason: DeletionBlocker; until?: number | undefined },
  lang: SiteLanguage,
): string {
  return blocker.reason === 'deposit-awaited' && blocker.until !== undefined
    ? t('blocked.deposit-awaited', { date: day(blocker.until, lang) })
    : t('blocked.payment-being-settled');
}
