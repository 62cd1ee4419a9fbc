import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { REFUND_BANKS, REFUND_BANKS_NAMESPACE } from '../../../../../shared/refunds/refund-account.ts';
import type { AccountField, AccountProblems, RefundAccountDraft } from '../../../lib/refund-ways.ts';
import '../../../components/text-field.css';

/** The id of each account field on the page, which the error summary links to. */
export const ACCOUNT_FIELD_IDS: Record<AccountField, string> = {
  bankCode: 'refund-bank',
  accountNumber: 'refund-account-number',
  holder: 'refund-holder',
};

/** A field with its hint and its error under it, both tied to the control for assistive technology. */
function Field({
  id,
  label,
  hint,
  error,
  control,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  control: (described: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactElement;
}) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="text-field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="order-helper refund-hint">
          {hint}
        </p>
      ) : null}
      {control({
        id,
        'aria-invalid': Boolean(error),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The bank account a refund is sent to: the bank (the PG's code table, named in the page's language),
 * the number, the holder as the bank has the account. The number is shown only in its own field.
 */
export function AccountFields({
  draft,
  problems,
  onChange,
}: {
  draft: RefundAccountDraft;
  problems: AccountProblems;
  onChange: (field: AccountField, value: string) => void;
}) {
  const { t } = useTranslation('refund');
  const error = (field: AccountField) => {
    const problem = problems[field];
    return problem ? t(`account.problem.${problem}`) : undefined;
  };
  return (
    <section className="order-section refund-account" aria-labelledby="refund-account-title">
      <h2 id="refund-account-title">{t('account.title')}</h2>
      <p className="order-helper">{t('account.lead')}</p>
      <Field
        id={ACCOUNT_FIELD_IDS.bankCode}
        label={t('account.bank')}
        error={error('bankCode')}
        control={(described) => (
          <select
            {...described}
            value={draft.bankCode}
            onChange={(event) => onChange('bankCode', event.target.value)}
          >
            <option value="">{t('account.bank_choose')}</option>
            {REFUND_BANKS.map((bank) => (
              <option key={bank.code} value={bank.code}>
                {t(`${REFUND_BANKS_NAMESPACE}:${bank.id}`)}
              </option>
            ))}
          </select>
        )}
      />
      <Field
        id={ACCOUNT_FIELD_IDS.accountNumber}
        label={t('account.number')}
        hint={t('account.number_hint')}
        error={error('accountNumber')}
        control={(described) => (
          <input
            {...described}
            value={draft.accountNumber}
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            onChange={(event) => onChange('accountNumber', event.target.value)}
          />
        )}
      />
      <Field
        id={ACCOUNT_FIELD_IDS.holder}
        label={t('account.holder')}
        hint={t('account.holder_hint')}
        error={error('holder')}
        control={(described) => (
          <input
            {...described}
            value={draft.holder}
            autoComplete="name"
            maxLength={30}
            onChange={(event) => onChange('holder', event.target.value)}
          />
        )}
      />
    </section>
  );
}
