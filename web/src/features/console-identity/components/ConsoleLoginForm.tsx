import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors, paymentSignInRule } from '../../../../../shared/identity/account-rules.ts';
import { TextField } from '../../../components/TextField.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { alertText, signInProblem } from '../../../lib/identity-errors.ts';
import { passwordStep } from '../api/staff-sign-in.ts';
import { SecondFactorStep } from './SecondFactorStep.tsx';
import '../console.css';

/**
 * An unknown address and a wrong password get one message at the staff login, so that it does not
 * tell which addresses have accounts (the site's sign-in keeps the specification's two messages).
 */
const WRONG_CREDENTIALS = new Set(['EMAIL_NOT_FOUND', 'USER_NOT_FOUND', 'INVALID_PASSWORD']);

/**
 * /admin/login: e-mail and password (the staff sign-in's first step, never a session of its own), then
 * the second factor (SecondFactorStep): enrolment at the first sign-in, the authenticator's code after.
 */
export function ConsoleLoginForm({ expired, redirect }: { expired: boolean; redirect?: string | undefined }) {
  const { t } = useTranslation('console');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [next, setNext] = useState<{ step: 'enrol' | 'verify'; ticket: string }>();
  const restart = useCallback((reason: string) => {
    setNext(undefined);
    setProblem(reason);
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = paymentSignInRule.safeParse({ email, password });
    if (!checked.success)
      return setErrors(
        Object.fromEntries(
          Object.entries(fieldErrors(checked.error)).map(([field, key]) => [field, `auth:${key}`]),
        ),
      );
    setErrors({});
    setProblem(undefined);
    setBusy(true);
    try {
      const answer = await passwordStep({ email: checked.data.email, password });
      if (!answer.staff)
        return setProblem(answer.disabled ? t('console-staff:signin.disabled') : t('login.not_operator'));
      setPassword('');
      setNext({ step: answer.step, ticket: answer.ticket });
    } catch (error) {
      if (error instanceof ApiError && WRONG_CREDENTIALS.has(error.serverCode ?? '')) {
        setProblem(t('login.wrong_credentials'));
        return;
      }
      const found = signInProblem(error);
      if (found.field) setErrors({ [found.field]: found.key });
      else setProblem(alertText(found, t));
    } finally {
      setBusy(false);
    }
  }

  if (next) return <SecondFactorStep {...next} redirect={redirect} onRestart={restart} />;

  return (
    <form noValidate onSubmit={submit} className="console-login">
      {expired ? <p role="alert">{t('login.expired')}</p> : null}
      {problem ? <p role="alert">{problem}</p> : null}
      <TextField
        id="console-email"
        label={t('login.email')}
        type="email"
        autoComplete="username"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email && t(errors.email)}
      />
      <TextField
        id="console-password"
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password && t(errors.password)}
      />
      <button type="submit" className="button" disabled={busy} aria-busy={busy}>
        {t('login.submit')}
      </button>
    </form>
  );
}
