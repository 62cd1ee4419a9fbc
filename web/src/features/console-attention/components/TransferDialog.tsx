import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttentionCaseView } from '../../../../../shared/api/attention.ts';
import { REFUND_BANKS_NAMESPACE, refundBankId } from '../../../../../shared/refunds/refund-account.ts';
import { CopyButton } from '../../../components/console/CopyButton.tsx';
import { Dialog } from '../../../components/console/Dialog.tsx';
import { DialogButtons } from '../../../components/console/DialogButtons.tsx';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { FormField } from '../../../components/console/FormField.tsx';
import { moneyText } from '../../../components/console/list/list-columns.tsx';
import { notify } from '../../../components/console/toast.ts';
import { useResolveAttention, useTransferAccount } from '../api/attention.ts';
import './attention.css';

/**
 * A refund owed by bank transfer (refund_transfer): to whom and how much, the whole account number on
 * request (the list shows it masked; each reading is audited), and the transfer marked paid with the
 * bank's reference, which ends the case, writes the ledger's refund and erases the account.
 */
export function TransferDialog({ open, onClose }: { open: AttentionCaseView; onClose: () => void }) {
  const { t } = useTranslation('console-attention');
  const resolve = useResolveAttention();
  const reveal = useTransferAccount();
  const [reference, setReference] = useState('');
  const [referenceError, setReferenceError] = useState<string>();
  const [note, setNote] = useState('');
  const transfer = open.transferTo;
  const bankId = transfer ? refundBankId(transfer.bankCode) : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reference.trim()) return setReferenceError(t('transfer.reference_required'));
    try {
      const outcome = await resolve.mutateAsync({
        caseId: open.caseId,
        action: 'transfer-paid',
        transferReference: reference.trim(),
        reason: note.trim(),
      });
      notify.success(t(outcome === 'already-ended' ? 'already_ended' : 'transfer.done'));
      onClose();
    } catch (error) {
      notify.failure(t('transfer.failed'), error);
    }
  };

  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()} title={t('transfer.title')}>
      <form onSubmit={submit} noValidate>
        <dl className="console-details">
          <dt>{t('field.amount')}</dt>
          <dd className="attention-figure">{moneyText(open.amount ?? 0, open.currency ?? '')}</dd>
          <dt>{t('field.user')}</dt>
          <dd>{open.userEmail ?? open.uid}</dd>
          <dt>{t('field.merchant_uid')}</dt>
          <dd className="attention-figure">{open.merchantUid}</dd>
          <dt>{t('transfer.bank')}</dt>
          <dd>{bankId ? t(`${REFUND_BANKS_NAMESPACE}:${bankId}`) : transfer?.bankCode}</dd>
          <dt>{t('transfer.holder')}</dt>
          <dd>{transfer?.holder}</dd>
          <dt>{t('transfer.account')}</dt>
          <dd className="attention-figure" data-testid="transfer-account">
            {reveal.data ? reveal.data.accountNumber : transfer?.accountMasked}
          </dd>
          <dt>{t('transfer.requested_by')}</dt>
          <dd>{open.requestedBy === 'user' ? t('transfer.by_customer') : open.requestedBy}</dd>
        </dl>
        <div className="console-actions">
          {reveal.data ? (
            <CopyButton text={reveal.data.accountNumber} label={t('transfer.copy')} />
          ) : (
            <button
              type="button"
              className="console-button secondary"
              disabled={reveal.isPending}
              onClick={() => reveal.mutate(open.caseId)}
            >
              {t('transfer.reveal')}
            </button>
          )}
        </div>
        <ErrorNote error={reveal.error} />
        <FormField label={t('transfer.reference')} hint={t('transfer.reference_hint')} error={referenceError}>
          <input
            value={reference}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => {
              setReference(event.target.value);
              setReferenceError(undefined);
            }}
          />
        </FormField>
        <FormField label={t('transfer.note')}>
          <textarea value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
        </FormField>
        <DialogButtons onCancel={onClose} confirmLabel={t('transfer.button')} busy={resolve.isPending} />
      </form>
    </Dialog>
  );
}
