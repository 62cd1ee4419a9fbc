import type { FieldErrors, Path, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Currency } from '../../../../../shared/currency.ts';
import {
  BUILT_IN_DEPOSIT_PLAN_NAMES,
  DIRECT_DEPOSIT_CURRENCIES,
  DIRECT_DEPOSIT_PAYMENT_TYPES,
  type DirectDepositPaymentType,
} from '../../../../../shared/direct-deposits/direct-deposit.ts';
import { FormField } from '../../../components/console/FormField.tsx';

/** The deposit's own fields, as the single, bulk and schedule forms hold them. */
export interface DepositFieldValues {
  planName: string;
  price: number;
  currency?: Currency | undefined;
  paymentType?: DirectDepositPaymentType | undefined;
}

/** Plan names sorted alphabetically, as every plan choice of the console is. */
const PLAN_CHOICES = [...BUILT_IN_DEPOSIT_PLAN_NAMES].sort();

/**
 * Plan, price, currency and payment type of a deposit (admin-console.md sections 2 and 3). The forms
 * that embed it hold these four under the same names; each passes its own register and errors.
 */
export function DepositFields<Values extends DepositFieldValues>({
  register: registerAny,
  errors,
  disabled,
}: {
  register: UseFormRegister<Values>;
  errors: FieldErrors<DepositFieldValues>;
  disabled?: boolean;
}) {
  const { t } = useTranslation('console-deposits');
  // The four names exist in every embedding form (Values extends DepositFieldValues).
  const register = (name: keyof DepositFieldValues, options?: { valueAsNumber: true }) =>
    registerAny(name as Path<Values>, options);
  return (
    <>
      <FormField label={t('field.plan_name')} error={errors.planName?.message}>
        <select disabled={disabled} {...register('planName')}>
          <option value="">{t('field.choose')}</option>
          {PLAN_CHOICES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={t('field.price')} error={errors.price?.message}>
        <input
          type="number"
          step="any"
          min={0}
          disabled={disabled}
          {...register('price', { valueAsNumber: true })}
        />
      </FormField>
      <FormField label={t('field.currency')} error={errors.currency?.message}>
        <select disabled={disabled} {...register('currency')}>
          {DIRECT_DEPOSIT_CURRENCIES.map((currency) => (
            <option key={currency} value={currency}>
              {currency}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={t('field.payment_type')} error={errors.paymentType?.message}>
        <select disabled={disabled} {...register('paymentType')}>
          {DIRECT_DEPOSIT_PAYMENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`payment_type.${type}`)}
            </option>
          ))}
        </select>
      </FormField>
    </>
  );
}
