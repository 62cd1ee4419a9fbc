import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emailRule } from '../../../../../shared/identity/account-rules.ts';
import { SITE_LANGUAGES, type SiteLanguage } from '../../../../../shared/languages.ts';
import { STAFF_ROLES, type StaffRole } from '../../../../../shared/staff/staff-roles.ts';
import { SubmitRow } from '../../../components/console/SubmitRow.tsx';
import { notify } from '../../../components/console/toast.ts';
import { useInviteStaff } from '../api/staff.ts';

/** Invite a colleague: their address, their role, the language of the invitation mail. */
export function InviteForm() {
  const { t, i18n } = useTranslation('console-staff');
  const invite = useInviteStaff();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('viewer');
  const [language, setLanguage] = useState<SiteLanguage>(
    SITE_LANGUAGES.find((one) => one === i18n.language) ?? 'ko',
  );
  const [error, setError] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!emailRule.safeParse(email).success) return setError(t('invite.invalid_email'));
    setError(undefined);
    try {
      await invite.mutateAsync({ email, role, language });
      notify.success(t('invite.sent', { email }));
      setEmail('');
    } catch (failure) {
      notify.failure(t('invite.failed'), failure);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="console-form console-card" aria-labelledby="invite-title">
      <h2 id="invite-title">{t('invite.title')}</h2>
      <div className="console-field">
        <label htmlFor="invite-email">{t('invite.email')}</label>
        <input
          id="invite-email"
          type="email"
          value={email}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'invite-email-error' : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
        {error ? (
          <p id="invite-email-error" className="field-error">
            {error}
          </p>
        ) : null}
      </div>
      <div className="console-field">
        <label htmlFor="invite-role">{t('invite.role')}</label>
        <select id="invite-role" value={role} onChange={(event) => setRole(event.target.value as StaffRole)}>
          {STAFF_ROLES.map((one) => (
            <option key={one} value={one}>
              {t(`console-shell:role.${one}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="console-field">
        <label htmlFor="invite-language">{t('invite.language')}</label>
        <select
          id="invite-language"
          value={language}
          onChange={(event) => setLanguage(event.target.value as SiteLanguage)}
        >
          {SITE_LANGUAGES.map((one) => (
            <option key={one} value={one}>
              {t(`console-shell:language.${one}`)}
            </option>
          ))}
        </select>
      </div>
      <p className="console-hint">{t(`role_hint.${role}`)}</p>
      <SubmitRow label={t('invite.submit')} busy={invite.isPending} />
    </form>
  );
}
