import { useTranslation } from 'react-i18next';
import { CASH_RECEIPT_PURPOSES } from '../../../../../shared/cash-receipts/cash-receipt-rules.ts';
import { TextField } from '../../../components/TextField.tsx';
import type { CashReceiptForm } from '../cash-receipt-form.ts';
import '../cash-receipts.css';

/**
 * The order page's cash receipt (현금영수증) section, for a won payment by virtual account: income
 * deduction (소득공제: a mobile number or a cash-receipt card number), expense proof (지출증빙: a business
 * registration number) or none. `problem` is shown under the number once the buyer tried to pay.
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
  problem: string | undefined;
}) {
  const { t } = useTranslation('cash-receipt');
  const numberKind = form.purpose === 'expense_proof' ? 'business' : form.deductionBy;
  return (
    <section id={id} className="order-section cash-receipt" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('title')}</h2>
      <p className="order-helper">{t('intro')}</p>
      <div role="radiogroup" aria-labelledby={`${id}-title`} className="cash-receipt-choices">
        {CASH_RECEIPT_PURPOSES.map((purpose) => (
          <label key={purpose}>
            <input
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
          error={problem}
          onChange={(event) => onChange({ ...form, identifier: event.target.value })}
        />
      ) : null}
      {form.purpose === 'none' ? <p className="order-helper">{t('none_note')}</p> : null}
    </section>
  );
}
