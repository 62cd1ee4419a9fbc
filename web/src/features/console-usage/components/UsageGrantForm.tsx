import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { FormField } from '../../../components/console/FormField.tsx';
import { SubmitRow } from '../../../components/console/SubmitRow.tsx';
import { notify } from '../../../components/console/toast.ts';
import { useGrantUsage } from '../api/usage-api.ts';
import { GRANT_FORM_DEFAULTS, type GrantAmounts, type GrantForm, grantFormRule } from '../grant-form.ts';
import { GrantAmountFields } from './GrantAmountFields.tsx';

/**
 * users/{id}/usages/create (section 5): uid (shown, not editable), allowPlus, the four amounts (STT in
 * minutes; a negative amount gives quota back) and desc. Redirects back to the list on success.
 */
export function UsageGrantForm({ uid }: { uid: string }) {
  const { t } = useTranslation('console-usage');
  const navigate = useNavigate();
  const grant = useGrantUsage(uid);
  const form = useForm<GrantForm, unknown, GrantAmounts>({
    resolver: zodResolver(grantFormRule),
    defaultValues: GRANT_FORM_DEFAULTS,
  });
  const submit = form.handleSubmit(async (amounts) => {
    try {
      await grant.mutateAsync({ grantId: crypto.randomUUID(), ...amounts });
      notify.success(t('console-shell:toast.saved'));
      await navigate({ to: '/admin/users/$id/usages', params: { id: uid } });
    } catch (error) {
      notify.failure(t('console-shell:toast.save_failed'), error);
    }
  });
  return (
    <form className="console-form console-card" onSubmit={submit} noValidate>
      <FormField label={t('grant.uid')}>
        <input value={uid} disabled readOnly />
      </FormField>
      <GrantAmountFields register={form.register} errors={form.formState.errors} />
      <ErrorNote error={grant.error} />
      <SubmitRow label={t('grant.submit')} busy={grant.isPending} />
    </form>
  );
}
