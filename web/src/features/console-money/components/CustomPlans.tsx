import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod';
import type { AdminCustomPlan } from '../../../../../shared/api/custom-plans.ts';
import {
  bytesToGigabytes,
  CUSTOM_PLAN_FORM_DEFAULTS,
  CUSTOM_PLAN_REFERRAL_TYPES,
  type CustomPlanForm,
  customPlanFormRule,
  secondsToMinutes,
} from '../../../../../shared/plans/custom-plan-rules.ts';
import { PLAN_PERIODS } from '../../../../../shared/plans/plan-types.ts';
import { adminDescRule } from '../../../../../shared/users/admin-user-rules.ts';
import { DataTable } from '../../../components/console/DataTable.tsx';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { FormField } from '../../../components/console/FormField.tsx';
import { count, kstTime, labelled, money } from '../../../components/console/list/list-columns.tsx';
import { SubmitRow } from '../../../components/console/SubmitRow.tsx';
import { notify } from '../../../components/console/toast.ts';
import { codeLabel, planNameLabel } from '../../../lib/labels/labels.ts';
import { useCreateCustomPlan, useCustomPlans } from '../api/money-api.ts';

const column = createColumnHelper<AdminCustomPlan>();

/** customPlan (section 3): every custom plan, STT in minutes and cloud storage in GB as operators read them. */
export function CustomPlanList() {
  const { t } = useTranslation('console-plans');
  const list = useCustomPlans();
  const columns = [
    column.accessor('planName', {
      header: t('field.planName'),
      ...labelled((plan: string) => planNameLabel(t, plan), { withCode: true }),
    }),
    column.accessor('period', {
      header: t('field.period'),
      ...labelled((period: string) => codeLabel(t, 'planPeriod', period)),
    }),
    column.accessor('priceKo', { header: t('field.priceKo'), ...money(() => 'KRW') }),
    column.accessor('priceJa', { header: t('field.priceJa'), ...money(() => 'JPY') }),
    column.accessor('priceEn', { header: t('field.priceEn'), ...money(() => 'USD') }),
    column.accessor('sttUsage', {
      header: t('field.sttUsage'),
      cell: (cell) => secondsToMinutes(cell.getValue()),
      meta: { kind: 'count' },
    }),
    column.accessor('ttsUsage', { header: t('field.ttsUsage'), ...count() }),
    column.accessor('translateUsage', { header: t('field.translateUsage'), ...count() }),
    column.accessor('genimageUsage', { header: t('field.genimageUsage'), ...count() }),
    column.accessor('cloudStorageUsage', {
      header: t('field.cloudStorageUsage'),
      cell: (cell) => bytesToGigabytes(cell.getValue()),
      meta: { kind: 'count' },
    }),
    column.accessor('userTTSSpeakerUsage', { header: t('field.userTTSSpeakerUsage'), ...count() }),
    column.accessor('referralType', {
      header: t('field.referralType'),
      ...labelled((type: string) => codeLabel(t, 'referralType', type)),
    }),
    column.accessor('description', { header: t('field.description') }),
    column.accessor('created', { header: t('field.created'), ...kstTime() }),
  ];
  return (
    <section className="console-card">
      <ErrorNote error={list.error} />
      <DataTable
        data={list.data?.results ?? []}
        columns={columns}
        caption={t('title')}
        getRowId={(row) => row.planName}
      />
    </section>
  );
}

/** The plan in the form's units, and the desc every admin action records. */
const createFormRule = z.object({ plan: customPlanFormRule, desc: adminDescRule });
type FormFields = { plan: CustomPlanForm; desc: string };

const QUOTA_FIELDS = [
  'sttUsage',
  'ttsUsage',
  'translateUsage',
  'genimageUsage',
  'cloudStorageUsage',
  'userTTSSpeakerUsage',
] as const;
const PRICE_FIELDS = ['priceKo', 'priceJa', 'priceEn'] as const;
/** The plan name's form (section 5, shared/plans/custom-plan-rules.ts), as the operator types it. */
const CUSTOM_PLAN_NAME_FORMAT = '{MR|YR|Y1|Y3|M1..M6|W2}_{LIGHT|STANDARD|BUSINESS|PLUS}_…';

/**
 * customPlan/create: the name rule, the prices, the quotas (section 9's defaults; STT in minutes and
 * storage in GB, converted by the shared rule), the partner and the description, plus the desc every
 * admin action records.
 */
export function CustomPlanCreate() {
  const { t } = useTranslation('console-plans');
  const navigate = useNavigate();
  const create = useCreateCustomPlan();
  const form = useForm<FormFields, unknown, z.output<typeof createFormRule>>({
    resolver: zodResolver(createFormRule),
    defaultValues: {
      plan: {
        planName: '',
        period: 'ONE_YEAR',
        priceKo: '',
        priceJa: '',
        priceEn: '',
        ...CUSTOM_PLAN_FORM_DEFAULTS,
        referralType: '',
        description: '',
      },
      desc: '',
    },
  });
  const errors = form.formState.errors.plan;
  const submit = form.handleSubmit(async ({ plan, desc }) => {
    try {
      await create.mutateAsync({ planInfo: plan, desc });
      notify.success(t('console-shell:toast.saved'));
      await navigate({ to: '/admin/customPlan' });
    } catch (error) {
      notify.failure(t('console-shell:toast.save_failed'), error);
    }
  });
  const numberField = (name: (typeof QUOTA_FIELDS)[number] | (typeof PRICE_FIELDS)[number]) => (
    <FormField key={name} label={t(`field.${name}`)} error={errors?.[name]?.message}>
      <input inputMode="decimal" {...form.register(`plan.${name}`)} />
    </FormField>
  );
  return (
    <form className="console-form console-card" onSubmit={submit} noValidate>
      <FormField
        label={t('field.planName')}
        error={errors?.planName?.message}
        hint={
          <>
            <code>{CUSTOM_PLAN_NAME_FORMAT}</code> {t('name_hint')}
          </>
        }
      >
        <input {...form.register('plan.planName')} />
      </FormField>
      <FormField label={t('field.period')} error={errors?.period?.message}>
        <select {...form.register('plan.period')}>
          {PLAN_PERIODS.map((period) => (
            <option key={period} value={period}>
              {codeLabel(t, 'planPeriod', period)}
            </option>
          ))}
        </select>
      </FormField>
      {PRICE_FIELDS.map(numberField)}
      {QUOTA_FIELDS.map(numberField)}
      <FormField label={t('field.referralType')} error={errors?.referralType?.message}>
        <select {...form.register('plan.referralType')}>
          <option value="">{t('no_partner')}</option>
          {CUSTOM_PLAN_REFERRAL_TYPES.map((type) => (
            <option key={type} value={type}>
              {codeLabel(t, 'referralType', type)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={t('field.description')} error={errors?.description?.message}>
        <textarea rows={3} {...form.register('plan.description')} />
      </FormField>
      <FormField label={t('field.desc')} error={form.formState.errors.desc?.message}>
        <input {...form.register('desc')} />
      </FormField>
      <ErrorNote error={create.error} />
      <SubmitRow label={t('console-shell:action.create')} busy={create.isPending} />
    </form>
  );
}
