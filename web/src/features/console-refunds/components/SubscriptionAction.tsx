import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CodeLabel } from '../../../components/console/CodeLabel.tsx';
import { useConfirm } from '../../../components/console/ConfirmDialog.tsx';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { KstTime } from '../../../components/console/KstTime.tsx';
import { notify } from '../../../components/console/toast.ts';
import { codeLabel, planNameLabel } from '../../../lib/labels/labels.ts';
import { useUserInfo } from '../../console-users/index.ts';
import { useSubscriptionAction } from '../api.ts';

/**
 * users/{id}/unsubscribe and users/{id}/resubscribe (section 4): the latest plan, one confirmed action,
 * then back to where the operator came from; the toasts of section 8.
 */
export function SubscriptionAction({ uid, action }: { uid: string; action: 'unsubscribe' | 'resubscribe' }) {
  const { t } = useTranslation('console-refunds');
  const router = useRouter();
  const confirm = useConfirm();
  const info = useUserInfo(uid);
  const run = useSubscriptionAction(uid, action);
  const latest = info.data?.plans[0];
  const go = async () => {
    if (!(await confirm({ title: t(`${action}.question`), confirmLabel: t(`${action}.button`) }))) return;
    try {
      await run.mutateAsync(undefined);
      notify.success(t(`${action}.success`));
      router.history.back();
    } catch (error) {
      notify.failure(t(`${action}.failure`), error);
    }
  };
  return (
    <section className="console-card">
      <ErrorNote error={info.error ?? run.error} />
      {latest ? (
        <dl className="console-details">
          <dt>{t('field.plan_name')}</dt>
          <dd>
            <CodeLabel label={planNameLabel(t, latest.planName)} code={latest.planName} />
          </dd>
          <dt>{t('field.plan_status')}</dt>
          <dd>{codeLabel(t, 'planStatus', latest.planStatus)}</dd>
          <dt>{t('field.expired_at')}</dt>
          <dd>
            <KstTime ms={latest.expiredAt} />
          </dd>
        </dl>
      ) : null}
      <div className="console-actions">
        <button type="button" className="console-button" onClick={go} disabled={run.isPending || !latest}>
          {t(`${action}.button`)}
        </button>
      </div>
    </section>
  );
}
