import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBusinessNumber } from '../../../../../shared/tax-documents/business-number.ts';
import {
  INVOICE_TIMINGS,
  type InvoiceTiming,
} from '../../../../../shared/tax-invoices/tax-invoice-deadlines.ts';
import {
  type TaxInvoiceDetailsInput,
  TaxInvoiceDetailsSchema,
} from '../../../../../shared/tax-invoices/tax-invoice-rules.ts';
import { TextField } from '../../../components/TextField.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import {
  type DetailsOwner,
  useSaveTaxInvoiceDetails,
  useTaxInvoiceDetails,
} from '../api/tax-invoice-details.ts';
import '../tax-invoices.css';

const FIELDS = [
  'businessNumber',
  'companyName',
  'representative',
  'address',
  'businessType',
  'businessItem',
  'invoiceEmail',
] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: TaxInvoiceDetailsInput = {
  ...(Object.fromEntries(FIELDS.map((field) => [field, ''])) as TaxInvoiceDetailsInput),
  timing: 'each',
};

/** The NTS's word on the business number (BUSINESS_NOT_OPERATING), as the field's problem key. */
function businessProblem(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.serverCode !== 'BUSINESS_NOT_OPERATING') return undefined;
  const state = error.details.businessState;
  return typeof state === 'string' ? `problem.business_${state}` : undefined;
}

/**
 * A business account's tax invoice (세금계산서) details: the business registration number (checked by
 * its check digit here and on the server, and with the NTS when saved: a closed, suspended or unknown
 * business is named at the field), company, representative, address, business type and item, the
 * invoice e-mail, and whether an invoice is issued for each payment or one a month. Kept on the account:
 * the order page of a business account asks them before paying (`onSaved` says whether they are kept as
 * shown), the billing page edits them.
 */
export function TaxInvoiceSection({
  id,
  owner,
  className = 'order-section',
  onSaved,
  problem,
}: {
  id: string;
  owner: DetailsOwner;
  className?: string;
  onSaved?: (saved: boolean) => void;
  /** The order page's problem (details not saved yet), shown at the first field, `{id}-businessNumber`. */
  problem?: string | undefined;
}) {
  const { t } = useTranslation('tax-invoice');
  const stored = useTaxInvoiceDetails(owner);
  const save = useSaveTaxInvoiceDetails(owner);
  const [form, setForm] = useState<TaxInvoiceDetailsInput>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [dirty, setDirty] = useState(false);
  const details = stored.data?.details;
  useEffect(() => {
    if (details) setForm({ ...details, businessNumber: formatBusinessNumber(details.businessNumber) });
  }, [details]);
  const saved = Boolean(details) && !dirty;
  useEffect(() => onSaved?.(saved), [saved, onSaved]);

  function change(field: Field | 'timing', value: string) {
    setForm({ ...form, [field]: value });
    setDirty(true);
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = TaxInvoiceDetailsSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [issue.path[0], t(`problem.${issue.message}`)]),
        ) as Partial<Record<Field, string>>,
      );
      return;
    }
    setErrors({});
    save.mutate(form, {
      onSuccess: () => setDirty(false),
      onError: (error) => {
        const problem = businessProblem(error);
        if (problem) setErrors({ businessNumber: t(problem) });
      },
    });
  }

  return (
    <section id={id} className={`${className} tax-invoice`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('title')}</h2>
      <p className="order-helper">{t('intro')}</p>
      <form className="tax-invoice-form" onSubmit={submit} noValidate>
        {FIELDS.map((field) => (
          <TextField
            key={field}
            id={`${id}-${field}`}
            label={t(`field.${field}`)}
            value={form[field]}
            type={field === 'invoiceEmail' ? 'email' : 'text'}
            {...(field === 'businessNumber' ? { inputMode: 'numeric' as const } : {})}
            error={errors[field] ?? (field === FIELDS[0] ? problem : undefined)}
            onChange={(event) => change(field, event.target.value)}
          />
        ))}
        <fieldset className="tax-invoice-timing">
          <legend>{t('timing.legend')}</legend>
          {INVOICE_TIMINGS.map((timing: InvoiceTiming) => (
            <label key={timing}>
              <input
                type="radio"
                name={`${id}-timing`}
                value={timing}
                checked={(form.timing ?? 'each') === timing}
                onChange={() => change('timing', timing)}
              />{' '}
              {t(`timing.${timing}`)}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button button-outline" disabled={save.isPending}>
          {t(details ? 'save_changes' : 'save')}
        </button>
        <p role="status" className="order-helper">
          {save.isError && !businessProblem(save.error) ? t('save_failed') : saved ? t('saved') : ''}
        </p>
      </form>
    </section>
  );
}
