import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AdminCoupon } from '../../../../../shared/api/coupons.ts';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { FormField } from '../../../components/console/FormField.tsx';
import { KstDateInput } from '../../../components/console/KstDateInput.tsx';
import { SubmitRow } from '../../../components/console/SubmitRow.tsx';
import { notify } from '../../../components/console/toast.ts';
import { useCouponWrites } from '../api/coupons.ts';
import {
  type CouponFormValues,
  couponFormRule,
  couponToForm,
  newCouponForm,
  toCouponInput,
} from './coupon-form-values.ts';

/** Spec (section 9): the create waits 200 ms before going to the coupon, so the list read after it sees it. */
const CREATE_REDIRECT_DELAY_MS = 200;

/**
 * coupon/create and coupon/{code}/edit (sections 2, 5 and 9): the code (10 random capitals and digits,
 * fixed once made), name, total, the start and end days in KST and the description. Once the coupon has
 * started its start day is locked. Discount and bonus rows are added on the coupon's page after saving.
 */
export function CouponForm({ coupon }: { coupon?: AdminCoupon }) {
  const { t } = useTranslation('console-coupons');
  const navigate = useNavigate();
  const writes = useCouponWrites();
  const save = coupon ? writes.update : writes.create;
  const nowMs = useMemo(() => Date.now(), []);
  const started = coupon ? Date.parse(coupon.startedAt) <= nowMs : false;
  const form = useForm<CouponFormValues>({
    resolver: zodResolver(couponFormRule({ ...(coupon ? { current: coupon } : {}), nowMs })),
    defaultValues: coupon ? couponToForm(coupon) : newCouponForm(nowMs),
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(toCouponInput(values, coupon));
      notify.success(t('console-shell:toast.saved'));
      if (!coupon) await new Promise((resolve) => setTimeout(resolve, CREATE_REDIRECT_DELAY_MS));
      await navigate({ to: '/admin/coupon/$code/show', params: { code: values.couponCode } });
    } catch {
      notify.failure(t('console-shell:toast.save_failed'));
    }
  });
  return (
    <form className="console-form console-card" onSubmit={submit} noValidate>
      <FormField label={t('field.code')} error={errors.couponCode?.message}>
        <input readOnly={Boolean(coupon)} {...form.register('couponCode')} />
      </FormField>
      <FormField label={t('field.name')} error={errors.name?.message}>
        <input {...form.register('name')} />
      </FormField>
      <FormField label={t('field.total')} error={errors.totalAmount?.message}>
        <input type="number" min={0} step={1} {...form.register('totalAmount', { valueAsNumber: true })} />
      </FormField>
      <FormField
        label={t('field.start')}
        error={errors.startDate?.message}
        {...(started ? { hint: t('start_locked_hint') } : {})}
      >
        <KstDateInput kind="date" readOnly={started} {...form.register('startDate')} />
      </FormField>
      <FormField label={t('field.end')} error={errors.endDate?.message}>
        <KstDateInput kind="date" {...form.register('endDate')} />
      </FormField>
      <FormField label={t('field.description')} error={errors.description?.message}>
        <textarea rows={3} {...form.register('description')} />
      </FormField>
      <ErrorNote error={save.error} />
      <SubmitRow label={t('console-shell:action.save')} busy={save.isPending} />
    </form>
  );
}
