import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isRequiredConfig } from '../../../../../shared/configs/config-entries.ts';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { FormField } from '../../../components/console/FormField.tsx';
import { SubmitRow } from '../../../components/console/SubmitRow.tsx';
import { notify } from '../../../components/console/toast.ts';
import { type ConfigFields, useConfigWrites } from '../api/save-config.ts';
import { configFormRule } from './config-rule.ts';

/** config/create and config/{id}/edit: a name and a value (often JSON, hence the large text box). */
export function ConfigForm({ config }: { config?: { configId: string } & ConfigFields }) {
  const { t } = useTranslation('console-configs');
  const navigate = useNavigate();
  const writes = useConfigWrites();
  // The fields follow the entry as it is read again (a newer read replaces an older one), but never
  // over what the operator has typed.
  const form = useForm<ConfigFields>({
    resolver: zodResolver(configFormRule),
    defaultValues: { name: '', value: '' },
    ...(config
      ? { values: { name: config.name, value: config.value }, resetOptions: { keepDirtyValues: true } }
      : {}),
  });
  const submit = form.handleSubmit(async (fields) => {
    if (config) {
      // Undoable: the toast offers Undo, and the write is sent when it goes.
      await writes.update({ configId: config.configId, ...fields });
      await navigate({ to: '/admin/config' });
      return;
    }
    try {
      await writes.create.mutateAsync(fields);
      notify.success(t('console-shell:toast.saved'));
      await navigate({ to: '/admin/config' });
    } catch {
      notify.failure(t('console-shell:toast.save_failed'));
    }
  });
  return (
    <form className="console-form console-card" onSubmit={submit} noValidate>
      <FormField label={t('field.name')} error={form.formState.errors.name?.message}>
        {/* An entry the product needs keeps its name (the server refuses renaming it away). */}
        <input readOnly={config ? isRequiredConfig(config.name) : false} {...form.register('name')} />
      </FormField>
      <FormField label={t('field.value')} error={form.formState.errors.value?.message}>
        <textarea rows={12} {...form.register('value')} />
      </FormField>
      <ErrorNote error={writes.create.error} />
      <SubmitRow label={t('console-shell:action.save')} busy={writes.create.isPending} />
    </form>
  );
}
