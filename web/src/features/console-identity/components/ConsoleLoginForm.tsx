import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors, paymentSignInRule } from '../../../../../shared/identity/account-rules.ts';
import { CONSOLE_CLIENT_TYPE } from '../../../../../shared/identity/client-types.ts';
import { TextField } from '../../../components/TextField.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { saveConsoleSession } from '../../../lib/console/console-session.ts';
import { alertText, signInProblem } from '../../../lib/identity-errors.ts';
import { signInWithPassword } from '../../../lib/session-api.ts';
import { signOutSession } from '../../../lib/session-refresh.ts';
import '../console.css';

/**
 * An unknown address and a wrong password get one message at the staff login, so that it does not
 * tell which addresses have accounts (the site's sign-in keeps the specification's two messages).
 */
const WRONG_CREDENTIALS = new Set(['EMAIL_NOT_FOUND', 'USER_NOT_FOUND', 'INVALID_PASSWORD']);

/** /admin/login: e-mail and password, client type console, never a persistent session. */
export function ConsoleLoginForm({ expired, redirect }: { expired: boolean; redirect?: string | undefined }) {
  const { t } = useTranslation('console');
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

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
      const { user, session } = await signInWithPassword({
        email: checked.data.email,
        password,
        clientType: CONSOLE_CLIENT_TYPE,
        language: 'ko',
        persistSession: false,
      });
      if (!user.adminLevel) {
        await signOutSession(CONSOLE_CLIENT_TYPE).catch(() => undefined);
        setProblem(t('login.not_operator'));
        return;
      }
      saveConsoleSession({
        idToken: session.idToken,
        email: user.email,
        adminLevel: user.adminLevel,
        ticks: 0,
      });
      await navigate({ to: redirect?.startsWith('/admin/') ? redirect : '/admin' });
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
