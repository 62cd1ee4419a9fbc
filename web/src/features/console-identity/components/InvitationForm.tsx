import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordRule } from '../../../../../shared/identity/account-rules.ts';
import { TextField } from '../../../components/TextField.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { acceptInvitation } from '../api/staff-sign-in.ts';
import { SecondFactorStep } from './SecondFactorStep.tsx';
import '../console.css';

/**
 * /admin/invitation?token=…: the invitee sets their password (the site's password rule), then enrols
 * their second factor at once (the same step as a first sign-in), and lands in the console.
 */
export function InvitationForm({ token }: { token: string }) {
  const { t } = useTranslation('console-staff');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [ticket, setTicket] = useState<string>();
  const restart = useCallback((reason: string) => {
    setTicket(undefined);
    setProblem(reason);
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = passwordRule.safeParse(password);
    if (!checked.success) return setError(t('invitation.weak'));
    if (password !== again) return setError(t('invitation.mismatch'));
    setError(undefined);
    setProblem(undefined);
    setBusy(true);
    try {
      setTicket((await acceptInvitation({ token, password })).ticket);
    } catch (failure) {
      setProblem(
        failure instanceof ApiError && failure.serverCode !== undefined
          ? t('invitation.invalid')
          : t('errors:error.network_request_failed'),
      );
    } finally {
      setBusy(false);
    }
  }

  if (ticket) return <SecondFactorStep step="enrol" ticket={ticket} onRestart={restart} />;
  return (
    <form noValidate onSubmit={submit} className="console-login">
      <p>{t('invitation.hint')}</p>
      {problem ? <p role="alert">{problem}</p> : null}
      <TextField
        id="invitation-password"
        label={t('invitation.password')}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={error}
      />
      <TextField
        id="invitation-again"
        label={t('invitation.again')}
        type="password"
        autoComplete="new-password"
        value={again}
        onChange={(event) => setAgain(event.target.value)}
      />
      <button type="submit" className="button" disabled={busy || !token} aria-busy={busy}>
        {t('invitation.submit')}
      </button>
    </form>
  );
}
