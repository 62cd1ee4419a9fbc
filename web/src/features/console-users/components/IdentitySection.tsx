import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSiteLanguage } from '../../../../../shared/languages.ts';
import { useConfirm } from '../../../components/console/ConfirmDialog.tsx';
import { CopyButton } from '../../../components/console/CopyButton.tsx';
import { KstTime } from '../../../components/console/KstTime.tsx';
import { notify } from '../../../components/console/toast.ts';
import { errorLine, errorTextNow } from '../../../lib/console/error-text.ts';
import type { UserDetailSectionProps } from '../../../lib/console/user-detail-section.ts';
import { codeLabel, languageLabel } from '../../../lib/labels/labels.ts';
import { useGeneratePasswordResetLink } from '../api/generate-password-reset-link.ts';
import { useSendVerifyingEmail } from '../api/send-verifying-email.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { UserName } from './UserName.tsx';

/** Who the account is (section 2's identity fields) and the identity actions. */
export function IdentitySection({ info }: UserDetailSectionProps) {
  const { t, i18n } = useTranslation('console-users');
  const { user } = info;
  const row = (label: string, value: ReactNode) =>
    value === undefined || value === null || value === '' ? null : (
      <>
        <dt>{label}</dt>
        <dd>{value}</dd>
      </>
    );
  const location = [user.country, user.region, user.city].filter(Boolean).join(' / ');
  return (
    <section className="console-card" aria-labelledby="identity-title">
      <h2 id="identity-title">{t('detail.identity')}</h2>
      <dl className="console-details">
        {row(t('field.uid'), user.uid)}
        {row(t('field.name'), <UserName user={user} />)}
        {row(
          t('field.email'),
          <>
            {user.email} ({user.emailVerified ? t('verified') : t('unverified')})
          </>,
        )}
        {row(t('field.provider'), user.providers.map((provider) => t(`provider.${provider}`)).join(', '))}
        {row(t('field.assist_email'), user.assistEmail)}
        {row(
          t('field.referral_type'),
          user.referralType ? codeLabel(t, 'referralType', user.referralType) : undefined,
        )}
        {row(t('field.referral_code'), user.referralCode)}
        {user.utmParams
          ? Object.entries(user.utmParams).map(([name, value]) => (
              <Fragment key={name}>{row(name, value)}</Fragment>
            ))
          : null}
        {row(t('field.location'), location)}
        {row(t('field.timezone'), user.timezone)}
        {row(
          t('field.ui_language'),
          user.uiLanguage ? languageLabel(i18n.language, user.uiLanguage) : undefined,
        )}
        {row(
          t('field.client_type'),
          user.clientType ? codeLabel(t, 'clientType', user.clientType) : undefined,
        )}
        {row(t('field.created'), <KstTime ms={user.created} />)}
        {row(t('field.last_accessed'), user.lastAccessed ? <KstTime ms={user.lastAccessed} /> : undefined)}
        {row(t('field.last_use'), user.lastUse ? <KstTime ms={user.lastUse} /> : undefined)}
        {row(t('field.deleted'), user.deleted ? t('yes') : undefined)}
      </dl>
      <IdentityActions
        uid={user.uid}
        email={user.email}
        verified={user.emailVerified}
        language={user.uiLanguage}
      />
    </section>
  );
}

function IdentityActions({
  uid,
  email,
  verified,
  language,
}: {
  uid: string;
  email: string;
  verified: boolean;
  language: string;
}) {
  const { t } = useTranslation('console-users');
  const confirm = useConfirm();
  const send = useSendVerifyingEmail(uid);
  const verify = useVerifyEmail(uid);
  const reset = useGeneratePasswordResetLink(uid, email);
  const [link, setLink] = useState<string>();
  // Verification actions only for unverified accounts (section 4); the reset link for every account.
  const actions = [
    ...(verified
      ? []
      : [
          {
            label: t('action.send_verifying_email'),
            question: t('action.send_verifying_email_question', { email }),
            run: () => send.mutateAsync(isSiteLanguage(language) ? language : 'en'),
            success: t('toast.send_verifying_email_success'),
            busy: send.isPending,
          },
          {
            label: t('action.verify_email'),
            question: t('action.verify_email_question', { email }),
            run: () => verify.mutateAsync(undefined),
            success: t('toast.verify_email_success'),
            busy: verify.isPending,
          },
        ]),
    {
      label: t('action.reset_link'),
      question: t('action.reset_link_question', { email }),
      run: async () => setLink((await reset.mutateAsync(undefined)).link),
      success: t('toast.link_generated'),
      busy: reset.isPending,
    },
  ];

  const act = async (question: string, run: () => Promise<unknown>, success: string) => {
    if (!(await confirm({ title: question }))) return;
    try {
      await run();
      notify.success(success);
    } catch (error) {
      notify.failure(errorLine(errorTextNow(error)));
    }
  };
  return (
    <div className="console-card" style={{ marginTop: 12, marginBottom: 0 }}>
      <div className="console-actions">
        {actions.map((action) => (
          <button
            key={action.label}
            type="button"
            className="console-button secondary"
            disabled={action.busy}
            onClick={() => act(action.question, action.run, action.success)}
          >
            {action.label}
          </button>
        ))}
      </div>
      {link ? (
        <div className="console-field" style={{ marginTop: 12 }}>
          <label htmlFor="reset-link">{t('action.reset_link_result')}</label>
          <div className="console-actions">
            <input
              id="reset-link"
              className="console-inline-input"
              readOnly
              value={link}
              style={{ flex: 1 }}
            />
            <CopyButton text={link} />
          </div>
        </div>
      ) : null}
    </div>
  );
}
