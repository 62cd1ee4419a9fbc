import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import { REFERRAL_TYPES } from '../../../../../shared/identity/referral.ts';
import {
  type AdminUserCreateForm,
  adminUserCreateInfoRule,
} from '../../../../../shared/users/admin-user-rules.ts';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { FormField } from '../../../components/console/FormField.tsx';
import { SubmitRow } from '../../../components/console/SubmitRow.tsx';
import { notify } from '../../../components/console/toast.ts';
import { useCreateUser } from '../api/create-user.ts';
import { LanguageOptions } from './language-options.tsx';
import { USER_RULE_VALUES } from './user-rule-values.ts';

/**
 * users/create (sections 2 and 5): the rules are the server's own (shared), checked as the operator
 * types; a refusal of the server shows 'Could not create post: {reason}' in red under the form.
 */
export function UserCreateForm() {
  const { t } = useTranslation('console-users');
  const navigate = useNavigate();
  const create = useCreateUser();
  const form = useForm<AdminUserCreateForm, unknown, z.output<typeof adminUserCreateInfoRule>>({
    resolver: zodResolver(adminUserCreateInfoRule),
    mode: 'onTouched',
    defaultValues: {
      name: '',
      email: '',
      password: '',
      language: 'ko',
      assistEmail: '',
      referralType: '',
      referralCode: '',
    },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (info) => {
    try {
      const { result } = await create.mutateAsync(info);
      notify.success(t('console-shell:toast.saved'));
      await navigate({ to: '/admin/users/$id/show', params: { id: result.uid } });
    } catch {
      notify.failure(t('console-shell:toast.save_failed'));
    }
  });
  const field = (name: keyof AdminUserCreateForm, label: string, type = 'text') => (
    <FormField label={label} error={errors[name]?.message} values={USER_RULE_VALUES}>
      <input type={type} autoComplete="off" {...form.register(name)} />
    </FormField>
  );
  return (
    <form className="console-form console-card" onSubmit={submit} noValidate>
      {field('name', t('field.name'))}
      {field('email', t('field.email'), 'email')}
      {field('password', t('field.password'), 'password')}
      <FormField label={t('field.language')} error={errors.language?.message}>
        <select {...form.register('language')}>
          <LanguageOptions />
        </select>
      </FormField>
      {field('assistEmail', t('field.assist_email'), 'email')}
      <FormField label={t('field.referral_type')} error={errors.referralType?.message}>
        <select {...form.register('referralType')}>
          <option value="">{t('list.none')}</option>
          {REFERRAL_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </FormField>
      {field('referralCode', t('field.referral_code'))}
      <SubmitRow label={t('create.submit')} busy={create.isPending} />
      <ErrorNote error={create.error} prefix={t('create.failed_prefix')} />
    </form>
  );
}
