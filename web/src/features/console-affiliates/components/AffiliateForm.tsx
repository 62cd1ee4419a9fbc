import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  AFFILIATE_COUNTRIES,
  AFFILIATE_COUPON_TYPES,
  AFFILIATE_REWARD_CURRENCIES,
} from '../../../../../shared/affiliates/affiliate.ts';
import type { AffiliateView } from '../../../../../shared/api/affiliates.ts';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { FormField } from '../../../components/console/FormField.tsx';
import { KstDateInput } from '../../../components/console/KstDateInput.tsx';
import { SubmitRow } from '../../../components/console/SubmitRow.tsx';
import { notify } from '../../../components/console/toast.ts';
import { useSaveAffiliate } from '../api/affiliates.ts';
import {
  type AffiliateFormValues,
  affiliateResolver,
  affiliateToForm,
  newAffiliateForm,
  toAffiliateInput,
} from './affiliate-form-values.ts';

/**
 * affiliate/create and affiliate/{code}/edit (sections 2, 3 and 5): name, country (KR, US, JP), coupon
 * code (fixed once made), coupon type, the period (today to a month later by default), and two
 * toggles: the sign-up reward (currency and amount, disabled, cleared and 0 while off) and the payment
 * share (a percentage 0 to 100, disabled and 0 while off).
 */
export function AffiliateForm({ affiliate }: { affiliate?: AffiliateView }) {
  const { t } = useTranslation('console-affiliates');
  const navigate = useNavigate();
  const save = useSaveAffiliate();
  const initial = useMemo(
    () => (affiliate ? affiliateToForm(affiliate) : newAffiliateForm(Date.now())),
    [affiliate],
  );
  const form = useForm<AffiliateFormValues>({
    resolver: affiliateResolver(affiliate),
    defaultValues: initial,
  });
  const errors = form.formState.errors;
  const hasReward = form.watch('hasSignUpReward');
  const hasShare = form.watch('hasPaymentShare');
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(toAffiliateInput(values, affiliate));
      notify.success(t('console-shell:toast.saved'));
      await navigate({ to: '/admin/affiliate/$code/show', params: { code: saved.couponCode } });
    } catch {
      notify.failure(t('console-shell:toast.save_failed'));
    }
  });
  const toggle = (name: 'hasSignUpReward' | 'hasPaymentShare', on: boolean) => {
    form.setValue(name, on);
    if (on) return;
    if (name === 'hasSignUpReward') {
      form.setValue('signUpRewardCurrency', undefined);
      form.setValue('signUpRewardAmount', 0);
    } else form.setValue('paymentSharePercentage', 0);
  };
  return (
    <form className="console-form console-card" onSubmit={submit} noValidate>
      <FormField label={t('field.name')} error={errors.name?.message}>
        <input {...form.register('name')} />
      </FormField>
      <FormField label={t('field.country')} error={errors.countryCode?.message}>
        <select {...form.register('countryCode')}>
          {AFFILIATE_COUNTRIES.map((country) => (
            <option key={country} value={country}>
              {country}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={t('field.coupon_code')} error={errors.couponCode?.message}>
        <input readOnly={Boolean(affiliate)} {...form.register('couponCode')} />
      </FormField>
      <FormField label={t('field.coupon_type')} error={errors.couponType?.message}>
        <select {...form.register('couponType')}>
          {AFFILIATE_COUPON_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`coupon_type.${type}`)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={t('field.start')} error={errors.startDate?.message}>
        <KstDateInput kind="date" {...form.register('startDate')} />
      </FormField>
      <FormField label={t('field.end')} error={errors.endDate?.message}>
        <KstDateInput kind="date" {...form.register('endDate')} />
      </FormField>
      <label className="console-check">
        <input
          type="checkbox"
          checked={Boolean(hasReward)}
          onChange={(event) => toggle('hasSignUpReward', event.target.checked)}
        />
        {t('field.has_sign_up_reward')}
      </label>
      <FormField label={t('field.reward_currency')} error={errors.signUpRewardCurrency?.message}>
        <select
          disabled={!hasReward}
          {...form.register('signUpRewardCurrency', { setValueAs: (value) => value || undefined })}
        >
          <option value="">{t('choose')}</option>
          {AFFILIATE_REWARD_CURRENCIES.map((currency) => (
            <option key={currency} value={currency}>
              {currency}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={t('field.reward_amount')} error={errors.signUpRewardAmount?.message}>
        <input
          type="number"
          min={0}
          step="any"
          disabled={!hasReward}
          {...form.register('signUpRewardAmount', { valueAsNumber: true })}
        />
      </FormField>
      <label className="console-check">
        <input
          type="checkbox"
          checked={Boolean(hasShare)}
          onChange={(event) => toggle('hasPaymentShare', event.target.checked)}
        />
        {t('field.has_payment_share')}
      </label>
      <FormField label={t('field.share_percentage')} error={errors.paymentSharePercentage?.message}>
        <input
          type="number"
          min={0}
          max={100}
          step="any"
          disabled={!hasShare}
          {...form.register('paymentSharePercentage', { valueAsNumber: true })}
        />
      </FormField>
      <ErrorNote error={save.error} />
      <SubmitRow label={t('console-shell:action.save')} busy={save.isPending} />
    </form>
  );
}
