import '../auth.css';
import { useNavigate } from '@tanstack/react-router';
import { type ClipboardEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type SignUpForm as Form,
  fieldErrors,
  signUpFormRule,
} from '../../../../../shared/identity/account-rules.ts';
import type { ClientType } from '../../../../../shared/identity/client-types.ts';
import { REFERRAL_TYPES } from '../../../../../shared/identity/referral.ts';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { MessageDialog } from '../../../components/Modal.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { alertText, signUpProblem } from '../../../lib/identity-errors.ts';
import { PENDING_SIGN_UP_KEY, submitSignUp } from '../api/sign-up.ts';
import { maintenanceText } from '../maintenance-text.ts';

export interface SignUpContext {
  clientType: ClientType;
  affiliateCode?: string | undefined;
  utmParams?: Record<string, string> | undefined;
}

const EMPTY: Form = {
  name: '',
  email: '',
  password: '',
  passwordConfirm: '',
  ageGroup: undefined as unknown as Form['ageGroup'],
  parentName: '',
  parentEmail: '',
  referralType: '',
  referralCode: '',
};

/** Pasting into the password fields is disabled at sign-up (site-and-payments.md section 5). */
const noPaste = (event: ClipboardEvent) => event.preventDefault();

/**
 * The sign-up form: every field rule is the shared one (shared/identity/account-rules.ts) that the
 * server applies too. On success the tab keeps the sign-up session and waits on the pending page.
 */
export function SignUpForm({ language, context }: { language: SiteLanguage; context: SignUpContext }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [form, setForm] = useState<Form>({
    ...EMPTY,
    ...(context.affiliateCode ? { referralType: 'affiliate', referralCode: context.affiliateCode } : {}),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string>();
  const [busy, setBusy] = useState(false);
  const set = (field: keyof Form) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = signUpFormRule.safeParse(form);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error));
      return;
    }
    setErrors({});
    setBusy(true);
    const { data } = checked;
    const minor = data.ageGroup === 'minor';
    try {
      const answer = await submitSignUp({
        name: data.name,
        email: data.email,
        password: data.password,
        language,
        clientType: context.clientType,
        timezoneMin: -new Date().getTimezoneOffset(),
        ...(data.referralType
          ? { referralInfo: { referralType: data.referralType, referralCode: data.referralCode.trim() } }
          : {}),
        ...(context.utmParams ? { utmParams: context.utmParams } : {}),
        ...(minor ? { parentName: data.parentName, parentEmail: data.parentEmail.trim() } : {}),
      });
      if (answer.maintenance) {
        setAlert(maintenanceText(answer.maintenance, language, t));
        return;
      }
      sessionStorage.setItem(
        PENDING_SIGN_UP_KEY,
        JSON.stringify({ sessionId: answer.sessionId, email: data.email, clientType: context.clientType }),
      );
      await navigate({
        to: '/$lang/signup/pending',
        params: { lang: language },
        search: context.affiliateCode ? { affiliateCode: context.affiliateCode } : {},
      });
    } catch (error) {
      const problem = signUpProblem(error);
      if (problem.field) setErrors({ [problem.field]: problem.key });
      else setAlert(alertText(problem, t));
    } finally {
      setBusy(false);
    }
  }

  const text = (name: keyof Form, label: string, type: string, autoComplete: string, extra: object = {}) => (
    <TextField
      id={`sign-up-${name}`}
      label={label}
      type={type}
      autoComplete={autoComplete}
      value={String(form[name] ?? '')}
      onChange={(event) => set(name)(event.target.value)}
      error={errors[name] && t(errors[name])}
      {...extra}
    />
  );

  return (
    <form noValidate onSubmit={submit} className="auth-form auth-sign-up">
      {text('name', t('field.name'), 'text', 'name')}
      {text('email', t('field.email'), 'email', 'email')}
      {text('password', t('field.password'), 'password', 'new-password', { onPaste: noPaste })}
      <p className="auth-hint">{t('sign_up.password_hint')}</p>
      {text('passwordConfirm', t('field.password_confirm'), 'password', 'new-password', { onPaste: noPaste })}
      <fieldset
        className="text-field"
        aria-describedby={errors.ageGroup ? 'sign-up-ageGroup-error' : undefined}
      >
        <legend>{t('field.age_group')}</legend>
        {(['major', 'minor'] as const).map((group) => (
          <label key={group} className="auth-check">
            <input
              type="radio"
              name="ageGroup"
              value={group}
              checked={form.ageGroup === group}
              onChange={() => set('ageGroup')(group)}
            />
            {t(`sign_up.age_${group}`)}
          </label>
        ))}
        {errors.ageGroup ? (
          <p id="sign-up-ageGroup-error" className="field-error">
            {t(errors.ageGroup)}
          </p>
        ) : null}
      </fieldset>
      {form.ageGroup === 'minor' ? (
        <>
          <p className="auth-hint">{t('sign_up.minor_hint')}</p>
          {text('parentName', t('field.parent_name'), 'text', 'off')}
          {text('parentEmail', t('field.parent_email'), 'email', 'off')}
        </>
      ) : null}
      <div className="text-field">
        <label htmlFor="sign-up-referralType">{t('field.referral_type')}</label>
        <select
          id="sign-up-referralType"
          value={form.referralType}
          onChange={(event) => set('referralType')(event.target.value)}
        >
          <option value="">{t('referral.none')}</option>
          {REFERRAL_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`referral.${type}`)}
            </option>
          ))}
        </select>
      </div>
      {form.referralType ? text('referralCode', t('field.referral_code'), 'text', 'off') : null}
      <button type="submit" className="button" disabled={busy} aria-busy={busy}>
        {t('sign_up.submit')}
      </button>
      <MessageDialog
        message={alert}
        title={t('sign_up.title')}
        buttonLabel={t('common.ok')}
        onClose={() => setAlert(undefined)}
      />
    </form>
  );
}
