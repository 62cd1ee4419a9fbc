import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type DirectDepositForm as DepositForm,
  type DirectDepositInput,
  directDepositRule,
} from '../../../../../shared/direct-deposits/direct-deposit.ts';
import { newMerchantUid } from '../../../../../shared/payments/merchant-uid.ts';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { FormField } from '../../../components/console/FormField.tsx';
import { SubmitRow } from '../../../components/console/SubmitRow.tsx';
import { notify } from '../../../components/console/toast.ts';
import { useCreateDirectDeposit } from '../api/create-direct-deposit.ts';
import { DepositFields } from './DepositFields.tsx';

/**
 * users/{id}/directDeposit/create (sections 2 and 3): uid prefilled and disabled; plan, price,
 * currency (KRW), the payer's name, e-mail (prefilled from the account) and phone, the payment type
 * (event, the first listed) and desc, all required. The deposit id is made when the form opens, so a
 * resent submit (a lost answer, a double click) grants nothing twice. Success goes to the user detail.
 */
export function DirectDepositForm({ uid, name, email }: { uid: string; name: string; email: string }) {
  const { t } = useTranslation('console-deposits');
  const navigate = useNavigate();
  const create = useCreateDirectDeposit();
  const [depositId] = useState(() => newMerchantUid('direct-deposit'));
  const form = useForm<DepositForm, unknown, DirectDepositInput>({
    resolver: zodResolver(directDepositRule),
    defaultValues: {
      uid,
      userName: name,
      userEmail: email,
      userPhone: '',
      planName: '',
      currency: 'KRW',
      paymentType: 'event',
      desc: '',
      depositId,
    },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (deposit) => {
    try {
      await create.mutateAsync(deposit);
      notify.success(t('console-shell:toast.saved'));
      await navigate({ to: '/admin/users/$id/show', params: { id: uid } });
    } catch {
      notify.failure(t('console-shell:toast.save_failed'));
    }
  });
  return (
    <form className="console-form console-card" onSubmit={submit} noValidate>
      <FormField label={t('field.uid')}>
        <input value={uid} disabled readOnly />
      </FormField>
      <DepositFields register={form.register} errors={errors} disabled={create.isPending} />
      <FormField label={t('field.user_name')} error={errors.userName?.message}>
        <input {...form.register('userName')} />
      </FormField>
      <FormField label={t('field.user_email')} error={errors.userEmail?.message}>
        <input type="email" {...form.register('userEmail')} />
      </FormField>
      <FormField label={t('field.user_phone')} error={errors.userPhone?.message}>
        <input type="tel" {...form.register('userPhone')} />
      </FormField>
      <FormField label={t('field.desc')} error={errors.desc?.message}>
        <input {...form.register('desc')} />
      </FormField>
      <ErrorNote error={create.error} />
      <SubmitRow label={t('create.submit')} busy={create.isPending} />
    </form>
  );
}
