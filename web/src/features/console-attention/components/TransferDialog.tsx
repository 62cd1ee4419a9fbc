import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttentionCaseView } from '../../../../../shared/api/attention.ts';
import { HAND_REFUND_MEANS, type HandRefundMeans } from '../../../../../shared/refunds/hand-refunds.ts';
import { REFUND_BANKS_NAMESPACE, refundBankId } from '../../../../../shared/refunds/refund-account.ts';
import { CopyButton } from '../../../components/console/CopyButton.tsx';
import { Dialog } from '../../../components/console/Dialog.tsx';
import { DialogButtons } from '../../../components/console/DialogButtons.tsx';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { FormField } from '../../../components/console/FormField.tsx';
import { moneyText } from '../../../components/console/list/list-columns.tsx';
import { notify } from '../../../components/console/toast.ts';
import { codeLabel } from '../../../lib/labels/labels.ts';
import { useResolveAttention, useTransferAccount } from '../api/attention.ts';
import './attention.css';

/**
 * A refund owed from the product account (refund_transfer): to whom and how much; by bank transfer, the
 * whole account number on request (the list shows it masked; each reading is audited); by hand outside
 * the provider (a case with no account), how it was paid. Marked paid with the payment's reference,
 * which ends the case, writes the ledger's refund and erases the account.
 */
export function TransferDialog({ open, onClose }: { open: AttentionCaseView; onClose: () => void }) {
  const { t } = useTranslation('console-attention');
  const resolve = useResolveAttention();
  const reveal = useTransferAccount();
  const [reference, setReference] = useState('');
  const [referenceError, setReferenceError] = useState<string>();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string>();
  const [means, setMeans] = useState<HandRefundMeans | ''>('');
  const [meansError, setMeansError] = useState<string>();
  const transfer = open.transferTo;
  const byHand = !transfer;
  const bankId = transfer ? refundBankId(transfer.bankCode) : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missingMeans = byHand && !means;
    const missingNote = means === 'other' && !note.trim();
    setMeansError(missingMeans ? t('by_hand.means_required') : undefined);
    setNoteError(missingNote ? t('by_hand.note_required') : undefined);
    if (!reference.trim())
      setReferenceError(t(byHand ? 'by_hand.reference_required' : 'transfer.reference_required'));
    if (!reference.trim() || missingMeans || missingNote) return;
    try {
      const outcome = await resolve.mutateAsync({
        caseId: open.caseId,
        action: 'transfer-paid',
        transferReference: reference.trim(),
        ...(byHand && means ? { paidVia: means } : {}),
        reason: note.trim(),
      });
      notify.success(t(outcome === 'already-ended' ? 'already_ended' : 'transfer.done'));
      onClose();
    } catch (error) {
      notify.failure(t('transfer.failed'), error);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={t(byHand ? 'by_hand.title' : 'transfer.title')}
    >
      <form onSubmit={submit} noValidate>
        <dl className="console-details">
          <dt>{t('field.amount')}</dt>
          <dd className="attention-figure">{moneyText(open.amount ?? 0, open.currency ?? '')}</dd>
          <dt>{t('field.user')}</dt>
          <dd>{open.userEmail ?? open.uid}</dd>
          <dt>{t('field.merchant_uid')}</dt>
          <dd className="attention-figure">{open.merchantUid}</dd>
          {transfer ? (
            <>
              <dt>{t('transfer.bank')}</dt>
              <dd>{bankId ? t(`${REFUND_BANKS_NAMESPACE}:${bankId}`) : transfer.bankCode}</dd>
              <dt>{t('transfer.holder')}</dt>
              <dd>{transfer.holder}</dd>
              <dt>{t('transfer.account')}</dt>
              <dd className="attention-figure" data-testid="transfer-account">
                {reveal.data ? reveal.data.accountNumber : transfer.accountMasked}
              </dd>
            </>
          ) : (
            <>
              <dt>{t('field.transfer_to')}</dt>
              <dd>{t('by_hand.owed')}</dd>
            </>
          )}
          <dt>{t('transfer.requested_by')}</dt>
          <dd>{open.requestedBy === 'user' ? t('transfer.by_customer') : open.requestedBy}</dd>
          {open.reason ? (
            <>
              <dt>{t('reason')}</dt>
              <dd>{open.reason}</dd>
            </>
          ) : null}
        </dl>
        {transfer ? (
          <>
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
          </>
        ) : (
          <FormField label={t('by_hand.means')} error={meansError}>
            <select
              value={means}
              onChange={(event) => {
                setMeans(event.target.value as HandRefundMeans | '');
                setMeansError(undefined);
              }}
            >
              <option value="">{t('by_hand.means_choose')}</option>
              {HAND_REFUND_MEANS.map((code) => (
                <option key={code} value={code}>
                  {codeLabel(t, 'handRefundMeans', code)}
                </option>
              ))}
            </select>
          </FormField>
        )}
        <FormField
          label={t(byHand ? 'by_hand.reference' : 'transfer.reference')}
          hint={t(byHand ? 'by_hand.reference_hint' : 'transfer.reference_hint')}
          error={referenceError}
        >
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
        <FormField label={t(byHand ? 'by_hand.note' : 'transfer.note')} error={noteError}>
          <textarea
            value={note}
            maxLength={500}
            onChange={(event) => {
              setNote(event.target.value);
              setNoteError(undefined);
            }}
          />
        </FormField>
        <DialogButtons onCancel={onClose} confirmLabel={t('transfer.button')} busy={resolve.isPending} />
      </form>
    </Dialog>
  );
}
