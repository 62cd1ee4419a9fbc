import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttentionCaseView } from '../../../../../shared/api/attention.ts';
import type { RefundSource } from '../../../../../shared/refunds/refund-session.ts';
import { Dialog } from '../../../components/console/Dialog.tsx';
import { DialogButtons } from '../../../components/console/DialogButtons.tsx';
import { FormField } from '../../../components/console/FormField.tsx';
import { notify } from '../../../components/console/toast.ts';
import { refundSourceLabel } from '../../../lib/labels/labels.ts';
import { useResolveAttention } from '../api/attention.ts';

export type Resolving = { open: AttentionCaseView; action: 'refund' | 'retry' | 'dismiss' };

/**
 * The operator's action on a case, with their reason: a refund (where the money goes), a held plan's
 * or a dead letter's retry, or a dismissal.
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
  const [refundSource, setRefundSource] = useState<RefundSource | undefined>(open.refundSources[0]);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setReasonError(t('reason_required'));
    try {
      const outcome = await resolve.mutateAsync(
        action === 'refund'
          ? { caseId: open.caseId, action, refundSource: refundSource ?? 'cutloom', reason }
          : { caseId: open.caseId, action, reason },
      );
      notify.success(t(outcome === 'already-ended' ? 'already_ended' : `${texts}.done`));
      onClose();
    } catch (error) {
      notify.failure(t(`${texts}.failed`), error);
    }
  };

  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()} title={t(`${texts}.title`)}>
      <form onSubmit={submit} noValidate>
        {action === 'refund' ? (
          <FormField label={t('refund.source')}>
            <select
              value={refundSource}
              onChange={(event) => setRefundSource(event.target.value as RefundSource)}
            >
              {open.refundSources.map((source) => (
                <option key={source} value={source}>
                  {refundSourceLabel(t, source)}
                </option>
              ))}
            </select>
          </FormField>
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
        <DialogButtons onCancel={onClose} confirmLabel={t(`${texts}.button`)} busy={resolve.isPending} />
      </form>
    </Dialog>
  );
}
