import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod';
import { usageGrantAmountsRule } from '../../../../../shared/usage/usage-grant-rules.ts';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { FormField } from '../../../components/console/FormField.tsx';
import { SubmitRow } from '../../../components/console/SubmitRow.tsx';
import { notify } from '../../../components/console/toast.ts';
import { useGrantUsage } from '../api/usage-api.ts';

const AMOUNTS = ['sttMin', 'tts', 'translate', 'genimage'] as const;
type GrantForm = {
  allowPlus: boolean;
  sttMin: string;
  tts: string;
  translate: string;
  genimage: string;
  desc: string;
};

/** A typed amount as a number; text that is no number stays text, so the rule says 'This field should be number'. */
const typedNumber = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : value;
};
const grantFormRule: z.ZodType<z.output<typeof usageGrantAmountsRule>, GrantForm> = z.preprocess(
  (form) =>
    Object.fromEntries(
      Object.entries(form as Record<string, unknown>).map(([name, value]) => [
        name,
        (AMOUNTS as readonly string[]).includes(name) ? typedNumber(value) : value,
      ]),
    ),
  usageGrantAmountsRule,
  // preprocess takes unknown input; the form's text fields are what it is given.
) as never;

/**
 * users/{id}/usages/create (section 5): uid (shown, not editable), allowPlus, the four amounts (STT in
 * minutes; a negative amount gives quota back) and desc. Redirects back to the list on success.
 */
export function UsageGrantForm({ uid }: { uid: string }) {
  const { t } = useTranslation('console-usage');
  const navigate = useNavigate();
  const grant = useGrantUsage(uid);
  const form = useForm<GrantForm, unknown, z.output<typeof usageGrantAmountsRule>>({
    resolver: zodResolver(grantFormRule),
    defaultValues: { allowPlus: false, sttMin: '0', tts: '0', translate: '0', genimage: '0', desc: '' },
  });
  const errors = form.formState.errors;
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
      <label>
        <input type="checkbox" {...form.register('allowPlus')} /> {t('grant.allow_plus')}
      </label>
      {AMOUNTS.map((name) => (
        <FormField key={name} label={t(`grant.${name}`)} error={errors[name]?.message}>
          <input inputMode="numeric" {...form.register(name)} />
        </FormField>
      ))}
      <FormField label={t('grant.desc')} error={errors.desc?.message}>
        <input placeholder={t('grant.desc_placeholder')} {...form.register('desc')} />
      </FormField>
      <ErrorNote error={grant.error} />
      <SubmitRow label={t('grant.submit')} busy={grant.isPending} />
    </form>
  );
}
