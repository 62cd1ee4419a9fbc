import { useTranslation } from 'react-i18next';
import { REFUND_BANKS, REFUND_BANKS_NAMESPACE } from '../../../../../shared/refunds/refund-account.ts';
import { FormField } from '../../../components/console/FormField.tsx';
import type { AccountField, AccountProblems, RefundAccountDraft } from '../../../lib/refund-ways.ts';

/**
 * The customer's bank account where a refund's way needs one (a virtual account's refund through the
 * provider, a bank transfer from the product's account): the bank by its name in the operator's
 * language, the number, the holder as the bank has it; each field's problem under it.
 */
export function RefundAccountFields({
  draft,
  problems,
  onChange,
}: {
  draft: RefundAccountDraft;
  problems: AccountProblems;
  onChange: (field: AccountField, value: string) => void;
}) {
  const { t } = useTranslation('console-refunds');
  const error = (field: AccountField) => {
    const problem = problems[field];
    return problem ? t(`account.problem.${problem}`) : undefined;
  };
  return (
    <fieldset className="console-form">
      <legend>{t('account.title')}</legend>
      <FormField label={t('account.bank')} error={error('bankCode')}>
        <select value={draft.bankCode} onChange={(event) => onChange('bankCode', event.target.value)}>
          <option value="">{t('account.bank_choose')}</option>
          {REFUND_BANKS.map((bank) => (
            <option key={bank.code} value={bank.code}>
              {t(`${REFUND_BANKS_NAMESPACE}:${bank.id}`)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={t('account.number')} error={error('accountNumber')}>
        <input
          value={draft.accountNumber}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          onChange={(event) => onChange('accountNumber', event.target.value)}
        />
      </FormField>
      <FormField label={t('account.holder')} hint={t('account.holder_hint')} error={error('holder')}>
        <input
          value={draft.holder}
          autoComplete="off"
          maxLength={30}
          onChange={(event) => onChange('holder', event.target.value)}
        />
      </FormField>
    </fieldset>
  );
}
