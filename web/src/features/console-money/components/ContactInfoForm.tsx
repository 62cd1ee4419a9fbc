import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod';
import { PhoneNumberSchema, toE164 } from '../../../../../shared/orders/contact.ts';
import { adminDescRule } from '../../../../../shared/users/admin-user-rules.ts';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { FormField } from '../../../components/console/FormField.tsx';
import { SubmitRow } from '../../../components/console/SubmitRow.tsx';
import { notify } from '../../../components/console/toast.ts';
import { useUpdateContactInfo } from '../api/money-api.ts';

/** The country calling code and the national number; together they make the E.164 number the server takes. */
const contactFormRule = z
  .object({
    callingCode: z
      .string()
      .trim()
      .regex(/^[1-9]\d{0,3}$/, 'console-payments:validation.calling_code'),
    number: z.string(),
    desc: adminDescRule,
  })
  .superRefine((form, context) => {
    if (!PhoneNumberSchema.safeParse(toE164(form.callingCode, form.number)).success)
      context.addIssue({ code: 'custom', path: ['number'], message: 'console-payments:validation.phone' });
  });
type ContactForm = z.input<typeof contactFormRule>;

/** users/{id}/userContactInfo: the payment contact's phone (section 5: country code plus number). */
export function ContactInfoForm({ uid }: { uid: string }) {
  const { t } = useTranslation('console-payments');
  const router = useRouter();
  const update = useUpdateContactInfo(uid);
  const form = useForm<ContactForm>({
    resolver: zodResolver(contactFormRule),
    defaultValues: { callingCode: '82', number: '', desc: '' },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async ({ callingCode, number, desc }) => {
    try {
      const { result } = await update.mutateAsync({ phone: toE164(callingCode, number), desc });
      if (!result.updated) {
        // A refusal of the plan-state rules (USER_NOT_SUBSCRIBED), in the operator's language.
        notify.failure(t('contact.refused', { type: result.errorType }));
        return;
      }
      notify.success(t('console-shell:toast.update_success'));
      router.history.back();
    } catch (error) {
      notify.failure(t('console-shell:toast.save_failed'), error);
    }
  });
  return (
    <form className="console-form console-card" onSubmit={submit} noValidate>
      <FormField label={t('contact.calling_code')} error={errors.callingCode?.message}>
        <input inputMode="numeric" {...form.register('callingCode')} />
      </FormField>
      <FormField label={t('contact.number')} error={errors.number?.message}>
        <input inputMode="tel" placeholder="010-1234-5678" {...form.register('number')} />
      </FormField>
      <FormField label={t('field.desc')} error={errors.desc?.message}>
        <input {...form.register('desc')} />
      </FormField>
      <ErrorNote error={update.error} />
      <SubmitRow label={t('console-shell:action.save')} busy={update.isPending} />
    </form>
  );
}
