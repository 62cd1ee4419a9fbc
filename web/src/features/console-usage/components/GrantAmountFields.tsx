import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/console/FormField.tsx';
import { GRANT_AMOUNTS, type GrantForm } from '../grant-form.ts';

/** allowPlus, the four amounts (STT in minutes; a negative amount gives quota back) and desc. */
export function GrantAmountFields({
  register,
  errors,
  disabled = false,
}: {
  register: UseFormRegister<GrantForm>;
  errors: FieldErrors<GrantForm>;
  disabled?: boolean;
}) {
  const { t } = useTranslation('console-usage');
  return (
    <>
      <label>
        <input type="checkbox" disabled={disabled} {...register('allowPlus')} /> {t('grant.allow_plus')}
      </label>
      {GRANT_AMOUNTS.map((name) => (
        <FormField key={name} label={t(`grant.${name}`)} error={errors[name]?.message}>
          <input
            inputMode={name === 'sttMin' ? 'decimal' : 'numeric'}
            disabled={disabled}
            {...register(name)}
          />
        </FormField>
      ))}
      <FormField label={t('grant.desc')} error={errors.desc?.message}>
        <input placeholder={t('grant.desc_placeholder')} disabled={disabled} {...register('desc')} />
      </FormField>
    </>
  );
}
