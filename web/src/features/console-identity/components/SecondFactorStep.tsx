import { useNavigate } from '@tanstack/react-router';
import QRCode from 'qrcode';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/TextField.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { saveConsoleSession } from '../../../lib/console/console-session.ts';
import { alertText, signInProblem } from '../../../lib/identity-errors.ts';
import { enrolmentSecret, secondFactorStep } from '../api/staff-sign-in.ts';

type Enrolment = { secret: string; qr: string };

/**
 * The second step of the console's sign-in (issue 27). At the first sign-in (`enrol`) it fetches a new
 * secret and shows it as a QR code (drawn by the qrcode library) and as text, and the authenticator's
 * first code confirms it; the recovery codes are shown once after that. Otherwise (`verify`) the
 * authenticator's code, or a recovery code, signs the member in.
 */
export function SecondFactorStep({
  step,
  ticket,
  redirect,
  onRestart,
}: {
  step: 'enrol' | 'verify';
  ticket: string;
  redirect?: string | undefined;
  onRestart: (reason: string) => void;
}) {
  const { t } = useTranslation('console-staff');
  const navigate = useNavigate();
  const [enrolment, setEnrolment] = useState<Enrolment>();
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const destination = redirect?.startsWith('/admin/') ? redirect : '/admin';

  useEffect(() => {
    if (step !== 'enrol') return;
    let live = true;
    enrolmentSecret(ticket)
      .then(async ({ secret, otpauthUri }) => {
        const qr = await QRCode.toDataURL(otpauthUri, { margin: 1, width: 200 });
        if (live) setEnrolment({ secret, qr });
      })
      .catch(() => live && onRestart(t('signin.expired')));
    return () => {
      live = false;
    };
  }, [step, ticket, onRestart, t]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(undefined);
    setBusy(true);
    try {
      const given = useRecovery ? { recoveryCode: code.trim() } : { code: code.replace(/\s/g, '') };
      const { user, session, staff, recoveryCodes: issued } = await secondFactorStep({ ticket, ...given });
      saveConsoleSession({
        idToken: session.idToken,
        email: user.email,
        role: staff.role,
        endsAt: session.endsAt ?? Date.now(),
      });
      if (issued) setRecoveryCodes(issued);
      else await navigate({ to: destination });
    } catch (error) {
      if (error instanceof ApiError && ['INVALID_ID_TOKEN', 'TOKEN_EXPIRED'].includes(error.serverCode ?? ''))
        return onRestart(t('signin.expired'));
      setProblem(
        error instanceof ApiError && error.serverCode === 'INVALID_SECOND_FACTOR'
          ? t('errors:error.invalid_second_factor')
          : alertText(signInProblem(error), t),
      );
    } finally {
      setBusy(false);
    }
  }

  if (recoveryCodes)
    return (
      <section className="console-login" aria-labelledby="recovery-title">
        <h2 id="recovery-title">{t('signin.recovery_title')}</h2>
        <p>{t('signin.recovery_hint')}</p>
        <ul className="console-recovery-codes" aria-label={t('signin.recovery_title')}>
          {recoveryCodes.map((one) => (
            <li key={one}>
              <code>{one}</code>
            </li>
          ))}
        </ul>
        <button type="button" className="button" onClick={() => navigate({ to: destination })}>
          {t('signin.continue')}
        </button>
      </section>
    );

  return (
    <form noValidate onSubmit={submit} className="console-login">
      {step === 'enrol' ? (
        <>
          <h2>{t('signin.enrol_title')}</h2>
          <p>{t('signin.enrol_hint')}</p>
          {enrolment ? (
            <>
              <img src={enrolment.qr} alt={t('signin.qr_alt')} width={200} height={200} />
              <p>
                {t('signin.secret_label')}: <code data-testid="totp-secret">{enrolment.secret}</code>
              </p>
            </>
          ) : (
            <p role="status">{t('signin.loading')}</p>
          )}
        </>
      ) : (
        <p>{useRecovery ? t('signin.recovery_hint_verify') : t('signin.verify_hint')}</p>
      )}
      {problem ? <p role="alert">{problem}</p> : null}
      <TextField
        id="console-code"
        label={useRecovery ? t('signin.recovery_label') : t('signin.code_label')}
        autoComplete="one-time-code"
        inputMode={useRecovery ? 'text' : 'numeric'}
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <button
        type="submit"
        className="button"
        disabled={busy || (step === 'enrol' && !enrolment)}
        aria-busy={busy}
      >
        {t('signin.submit')}
      </button>
      {step === 'verify' ? (
        <button
          type="button"
          className="button secondary"
          onClick={() => {
            setUseRecovery(!useRecovery);
            setCode('');
            setProblem(undefined);
          }}
        >
          {useRecovery ? t('signin.use_code') : t('signin.use_recovery')}
        </button>
      ) : null}
    </form>
  );
}
