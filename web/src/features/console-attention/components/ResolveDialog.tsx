import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttentionCaseView } from '../../../../../shared/api/attention.ts';
import type { RefundSource } from '../../../../../shared/refunds/refund-session.ts';
import { Dialog } from '../../../components/console/Dialog.tsx';
import { DialogButtons } from '../../../components/console/DialogButtons.tsx';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { FormField } from '../../../components/console/FormField.tsx';
import { notify } from '../../../components/console/toast.ts';
import { refundSourceLabel } from '../../../lib/labels/labels.ts';
import {
  type AccountProblems,
  checkAccount,
  EMPTY_ACCOUNT,
  type RefundAccountDraft,
} from '../../../lib/refund-ways.ts';
import { RefundAccountFields, refundRefusalView } from '../../console-refunds/index.ts';
import { useResolveAttention } from '../api/attention.ts';

export type Resolving = { open: AttentionCaseView; action: 'refund' | 'retry' | 'dismiss' };

/**
 * The operator's action on a case, with their reason: a refund (the ways the decision allows now, the
 * first preselected, with the customer's account where the way needs one), a held plan's or a dead
 * letter's retry, or a dismissal.
 */
export function ResolveDialog({ resolving, onClose }: { resolving: Resolving; onClose: () => void }) {
  const { t } = useTranslation('console-attention');
  const resolve = useResolveAttention();
  const { open, action } = resolving;
  // A dead letter's retry sends its work again and ends the case; a held plan's keeps it until paid.
  const texts =
    action === 'retry' && (open.kind === 'bulk_dead_letter' || open.kind === 'schedule_dead_letter')
      ? 'redrive'
      : action === 'retry' && open.kind === 'cash_receipt_failed'
        ? 'receipt_retry'
        : action;
  const [refundSource, setRefundSource] = useState<RefundSource | undefined>(open.refundWays[0]?.source);
  const way = open.refundWays.find((allowed) => allowed.source === refundSource);
  const [draft, setDraft] = useState<RefundAccountDraft>(EMPTY_ACCOUNT);
  const [accountProblems, setAccountProblems] = useState<AccountProblems>({});
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const refusal = refundRefusalView(resolve.error);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = action === 'refund' && way?.account === 'required' ? checkAccount(draft) : undefined;
    setAccountProblems(checked?.problems ?? {});
    setReasonError(reason.trim() ? undefined : t('reason_required'));
    if (!reason.trim() || checked?.problems) return;
    const input =
      action !== 'refund'
        ? { caseId: open.caseId, action, reason }
        : way
          ? {
              caseId: open.caseId,
              action,
              refundSource: way.source,
              ...(checked?.account ? { refundAccount: checked.account } : {}),
              reason,
            }
          : undefined;
    if (!input) return;
    try {
      const outcome = await resolve.mutateAsync(input);
      notify.success(t(outcome === 'already-ended' ? 'already_ended' : `${texts}.done`));
      onClose();
    } catch (error) {
      const refused = refundRefusalView(error);
      if (refused && 'account' in refused) setAccountProblems(refused.account);
      notify.failure(t(`${texts}.failed`), error);
    }
  };

  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()} title={t(`${texts}.title`)}>
      <form onSubmit={submit} noValidate>
        {action === 'refund' ? (
          <>
            <FormField label={t('refund.source')}>
              <select
                value={refundSource}
                onChange={(event) => setRefundSource(event.target.value as RefundSource)}
              >
                {open.refundWays.map((allowed) => (
                  <option key={allowed.source} value={allowed.source}>
                    {refundSourceLabel(t, allowed.source, open)}
                  </option>
                ))}
              </select>
            </FormField>
            {way?.account === 'required' ? (
              <RefundAccountFields
                draft={draft}
                problems={accountProblems}
                onChange={(field, text) => {
                  setDraft((current) => ({ ...current, [field]: text }));
                  setAccountProblems(({ [field]: _changed, ...others }) => others);
                }}
              />
            ) : null}
          </>
        ) : null}
        <FormField label={t('reason')} error={reasonError}>
          <textarea
            value={reason}
            maxLength={500}
            onChange={(event) => {
              setReason(event.target.value);
              setReasonError(undefined);
            }}
          />
        </FormField>
        {refusal && 'key' in refusal ? <ErrorNote error={t(refusal.key, refusal.values)} /> : null}
        <DialogButtons onCancel={onClose} confirmLabel={t(`${texts}.button`)} busy={resolve.isPending} />
      </form>
    </Dialog>
  );
}
