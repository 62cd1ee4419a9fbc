import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaxInvoiceRow } from '../../../../../shared/api/tax-invoices.ts';
import {
  approvalNumberOf,
  type TaxInvoiceMark,
} from '../../../../../shared/tax-invoices/tax-invoice-rules.ts';
import { Dialog } from '../../../components/console/Dialog.tsx';
import { DialogButtons } from '../../../components/console/DialogButtons.tsx';
import { FormField } from '../../../components/console/FormField.tsx';
import { notify } from '../../../components/console/toast.ts';
import { useMarkTaxInvoices } from '../api/tax-invoices.ts';

export type Marking = { mark: TaxInvoiceMark; rows: TaxInvoiceRow[] };

/**
 * Marks a request issued, with the approval number the e-tax-invoice system gave (checked here and by
 * the server), or the checked requests cancelled, with the operator's reason.
 */
export function MarkDialog({ marking, onClose }: { marking: Marking; onClose: (done: boolean) => void }) {
  const { t } = useTranslation('console-tax-invoices');
  const mark = useMarkTaxInvoices();
  const texts = marking.mark === 'issued' ? 'issue' : 'cancel';
  const [approvalNumber, setApprovalNumber] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ approvalNumber?: string; reason?: string }>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = {
      ...(marking.mark === 'issued' && !approvalNumberOf(approvalNumber)
        ? { approvalNumber: t('refusal.approval_number_invalid') }
        : {}),
      ...(reason.trim() ? {} : { reason: t('reason_required') }),
    };
    setErrors(problems);
    if (Object.keys(problems).length) return;
    try {
      await mark.mutateAsync(
        marking.rows.map((row) => ({
          merchantUid: row.merchantUid,
          mark: marking.mark,
          ...(marking.mark === 'issued' ? { approvalNumber } : {}),
          reason,
        })),
      );
      notify.success(t(`${texts}.done`, { count: marking.rows.length }));
      onClose(true);
    } catch (error) {
      notify.failure(t(`${texts}.failed`), error);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(isOpen) => !isOpen && onClose(false)}
      title={t(`${texts}.title`, { count: marking.rows.length, company: marking.rows[0]?.companyName })}
    >
      <form onSubmit={submit} noValidate>
        {marking.mark === 'issued' ? (
          <FormField label={t('field.approval_number')} error={errors.approvalNumber}>
            <input
              value={approvalNumber}
              placeholder="20261127-41000000-0000abcd"
              maxLength={40}
              onChange={(event) => setApprovalNumber(event.target.value)}
            />
          </FormField>
        ) : null}
        <FormField label={t('reason')} error={errors.reason}>
          <textarea value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
        </FormField>
        <DialogButtons
          onCancel={() => onClose(false)}
          confirmLabel={t(`${texts}.button`)}
          busy={mark.isPending}
        />
      </form>
    </Dialog>
  );
}
