import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { FormField } from '../../../components/console/FormField.tsx';
import { KstDateInput } from '../../../components/console/KstDateInput.tsx';
import { SubmitRow } from '../../../components/console/SubmitRow.tsx';
import { notify } from '../../../components/console/toast.ts';
import { DepositFields } from '../../console-direct-deposits/index.ts';
import { useScheduleWrites } from '../api/schedules.ts';
import {
  REPEAT_CHOICES,
  type ScheduleFormStart,
  type ScheduleFormValues,
  scheduleFormRule,
  toCreateInput,
  toUpdateInput,
} from './schedule-form-values.ts';

/**
 * schedule/create and schedule/{id}/edit (sections 2, 3 and 5): a direct deposit run later, once or
 * every month or year from its start (KST, rounded to the minute by the server). The account (uid,
 * name, e-mail) comes from the query on create and stays fixed; the phone, plan, price, currency and
 * payment type, the start, repeat and description are editable. Both go to the schedule's page.
 */
export function ScheduleForm({ initial, scheduleId }: { initial: ScheduleFormStart; scheduleId?: string }) {
  const { t } = useTranslation('console-schedules');
  const navigate = useNavigate();
  const writes = useScheduleWrites();
  const save = scheduleId ? writes.update : writes.create;
  const form = useForm<ScheduleFormValues, unknown, z.output<typeof scheduleFormRule>>({
    resolver: zodResolver(scheduleFormRule),
    defaultValues: initial,
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = scheduleId
        ? await writes.update.mutateAsync(toUpdateInput(scheduleId, values))
        : await writes.create.mutateAsync(toCreateInput(values));
      notify.success(t('console-shell:toast.saved'));
      await navigate({ to: '/admin/schedule/$id/show', params: { id: saved.id } });
    } catch {
      notify.failure(t('console-shell:toast.save_failed'));
    }
  });
  return (
    <form className="console-form console-card" onSubmit={submit} noValidate>
      <FormField label={t('console-deposits:field.uid')}>
        <input value={initial.uid} disabled readOnly />
      </FormField>
      <FormField label={t('console-deposits:field.user_name')}>
        <input value={initial.userName} disabled readOnly />
      </FormField>
      <FormField label={t('console-deposits:field.user_email')}>
        <input value={initial.userEmail} disabled readOnly />
      </FormField>
      <FormField label={t('console-deposits:field.user_phone')} error={errors.userPhone?.message}>
        <input type="tel" {...form.register('userPhone')} />
      </FormField>
      <DepositFields register={form.register} errors={errors} disabled={save.isPending} />
      <FormField label={t('field.start_at')} hint={t('field.start_at_hint')} error={errors.startAt?.message}>
        <KstDateInput {...form.register('startAt')} />
      </FormField>
      <FormField label={t('field.repeat')}>
        <select {...form.register('repeat')}>
          {REPEAT_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {t(`repeat.${choice}`)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={t('field.description')} error={errors.description?.message}>
        <input {...form.register('description')} />
      </FormField>
      <ErrorNote error={save.error} />
      <SubmitRow label={t('console-shell:action.save')} busy={save.isPending} />
    </form>
  );
}
