import { useTranslation } from 'react-i18next';
import { CASH_RECEIPT_PURPOSES } from '../../../../../shared/cash-receipts/cash-receipt-rules.ts';
import { TextField } from '../../../components/TextField.tsx';
import type { CashReceiptForm } from '../cash-receipt-form.ts';
import '../cash-receipts.css';

/** Where a cash receipt problem is shown: no purpose chosen yet, or a number that cannot be one. */
export interface CashReceiptFieldProblem {
  at: 'purpose' | 'number';
  message: string;
}

/**
 * The order page's cash receipt (현금영수증) section, for a won payment by virtual account: income
 * deduction (소득공제: a mobile number or a cash-receipt card number), expense proof (지출증빙: a business
 * registration number) or none. `problem` is shown at its control once the buyer tried to pay (the
 * purpose's radio `{id}-{purpose}`, the number `{id}-number`). What the payment will have then (a
 * receipt, the self-issued one, a tax invoice) the order page says below (PaymentDocumentNote), since
 * it depends on the account as well.
 */
export function CashReceiptSection({
  id,
  form,
  onChange,
  disabled,
  problem,
}: {
  id: string;
  form: CashReceiptForm;
  onChange: (form: CashReceiptForm) => void;
  disabled: boolean;
  /** The problem the buyer must fix, at the purpose's choice or at the number. */
  problem: CashReceiptFieldProblem | undefined;
}) {
  const { t } = useTranslation('cash-receipt');
  const numberKind = form.purpose === 'expense_proof' ? 'business' : form.deductionBy;
  const purposeError = problem?.at === 'purpose' ? problem.message : undefined;
  return (
    <section id={id} className="order-section cash-receipt" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('title')}</h2>
      <p className="order-helper">{t('intro')}</p>
      {purposeError ? (
        <p id={`${id}-purpose-error`} className="field-error">
          {purposeError}
        </p>
      ) : null}
      <div
        role="radiogroup"
        aria-labelledby={`${id}-title`}
        aria-invalid={purposeError ? true : undefined}
        aria-describedby={purposeError ? `${id}-purpose-error` : undefined}
        className="cash-receipt-choices"
      >
        {CASH_RECEIPT_PURPOSES.map((purpose) => (
          <label key={purpose}>
            <input
              id={`${id}-${purpose}`}
              type="radio"
              name="cash-receipt-purpose"
              checked={form.purpose === purpose}
              disabled={disabled}
              onChange={() => onChange({ ...form, purpose, identifier: '' })}
            />
            {t(`purpose.${purpose}`)}
          </label>
        ))}
      </div>
      {form.purpose === 'income_deduction' ? (
        <div role="radiogroup" aria-label={t('deduction_by.label')} className="cash-receipt-choices">
          {(['phone', 'taxcard'] as const).map((by) => (
            <label key={by}>
              <input
                type="radio"
                name="cash-receipt-deduction-by"
                checked={form.deductionBy === by}
                disabled={disabled}
                onChange={() => onChange({ ...form, deductionBy: by, identifier: '' })}
              />
              {t(`deduction_by.${by}`)}
            </label>
          ))}
        </div>
      ) : null}
      {form.purpose && form.purpose !== 'none' ? (
        <TextField
          id={`${id}-number`}
          label={t(`number.${numberKind}`)}
          value={form.identifier}
          inputMode="numeric"
          autoComplete="off"
          disabled={disabled}
          error={problem?.at === 'number' ? problem.message : undefined}
          onChange={(event) => onChange({ ...form, identifier: event.target.value })}
        />
      ) : null}
    </section>
  );
}
