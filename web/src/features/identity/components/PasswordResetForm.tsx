import '../auth.css';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod';
import { fieldErrors, passwordRule } from '../../../../../shared/identity/account-rules.ts';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { TextField } from '../../../components/TextField.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { setNewPassword } from '../api/links.ts';

const NewPassword = z
  .object({ password: passwordRule, passwordConfirm: z.string() })
  .refine((form) => form.password === form.passwordConfirm, {
    path: ['passwordConfirm'],
    message: 'validation.password_mismatch',
  });

/** The page of a password reset link (made by an operator): a new password, twice. */
export function PasswordResetForm({ language, token }: { language: SiteLanguage; token: string }) {
  const { t } = useTranslation('auth');
  const [form, setForm] = useState({ password: '', passwordConfirm: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<'done' | 'expired' | 'invalid' | 'failed'>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = NewPassword.safeParse(form);
    if (!checked.success) return setErrors(fieldErrors(checked.error));
    setErrors({});
    try {
      await setNewPassword(token, form.password);
      setOutcome('done');
    } catch (error) {
      const code = error instanceof ApiError ? error.serverCode : undefined;
      setOutcome(code === 'TOKEN_EXPIRED' ? 'expired' : code === 'INVALID_ID_TOKEN' ? 'invalid' : 'failed');
    }
  }

  if (outcome === 'done')
    return (
      <section className="auth-page">
        <h1>{t('reset.title')}</h1>
        <p role="status">{t('reset.done')}</p>
        <Link to="/$lang" params={{ lang: language }} search={{ open: 'signIn' }} className="button">
          {t('sign_in.submit')}
        </Link>
      </section>
    );
  return (
    <section className="auth-page">
      <h1>{t('reset.title')}</h1>
      {outcome ? <p role="alert">{t(`reset.${outcome}`)}</p> : null}
      <form noValidate onSubmit={submit} className="auth-form">
        {(['password', 'passwordConfirm'] as const).map((name) => (
          <TextField
            key={name}
            id={`reset-${name}`}
            label={name === 'password' ? t('reset.new_password') : t('field.password_confirm')}
            type="password"
            autoComplete="new-password"
            value={form[name]}
            onChange={(event) => setForm((current) => ({ ...current, [name]: event.target.value }))}
            error={errors[name] && t(errors[name])}
          />
        ))}
        <p className="auth-hint">{t('sign_up.password_hint')}</p>
        <button type="submit" className="button">
          {t('reset.submit')}
        </button>
      </form>
    </section>
  );
}
