import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import { adminPaymentProgressCreate, type PaymentProgressRow } from '../../../../../shared/api/payments.ts';
import { CURRENCIES, type Currency } from '../../../../../shared/currency.ts';
import { canClone, hasOrderLink, orderLink } from '../../../../../shared/payments/payment-progress.ts';
import { CopyButton } from '../../../components/console/CopyButton.tsx';
import { DataTable } from '../../../components/console/DataTable.tsx';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { FormField } from '../../../components/console/FormField.tsx';
import { identifier, kstTime, labelled, money } from '../../../components/console/list/list-columns.tsx';
import { SubmitRow } from '../../../components/console/SubmitRow.tsx';
import { notify } from '../../../components/console/toast.ts';
import { codeLabel, payMethodLabel, planNameLabel } from '../../../lib/labels/labels.ts';
import {
  useConsoleSettings,
  useCreatePaymentProgress,
  usePaymentProgress,
  usePlanNameChoices,
} from '../api/money-api.ts';

const column = createColumnHelper<PaymentProgressRow>();

/**
 * users/{id}/paymentProgress (section 2): the account's payment sessions; rows opened by an operator
 * (init_custom, init_custom_upgrade) offer their order link, and a row with something to copy offers
 * Clone (the create form prefilled with its plan name, currency and desc).
 */
export function PaymentProgressList({ uid }: { uid: string }) {
  const { t } = useTranslation('console-payments');
  const list = usePaymentProgress(uid);
  const settings = useConsoleSettings();
  const link = (row: PaymentProgressRow) =>
    settings.data && hasOrderLink(row.createdStatus)
      ? orderLink({ ...settings.data, guid: row.guid, planName: row.planName, currency: row.currency })
      : undefined;
  const columns = [
    column.accessor('created', { header: t('field.created'), ...kstTime() }),
    column.accessor('planName', {
      header: t('field.plan_name'),
      ...labelled((plan: string) => planNameLabel(t, plan), { withCode: true }),
    }),
    column.accessor('price', {
      header: t('field.price'),
      ...money((row) => row.currency),
    }),
    column.accessor('currency', { header: t('field.currency'), ...identifier }),
    column.accessor('createdStatus', {
      header: t('progress.created_status'),
      ...labelled((status: string) => codeLabel(t, 'sessionStatus', status)),
    }),
    column.accessor('updatedStatus', {
      header: t('progress.updated_status'),
      ...labelled((status: string) => codeLabel(t, 'orderStatus', status)),
    }),
    column.accessor('payMethod', {
      header: t('field.pay_method'),
      ...labelled((method: string) => payMethodLabel(t, method)),
    }),
    column.accessor('merchantUid', { header: t('field.merchant_uid'), ...identifier }),
    column.accessor('desc', { header: t('field.desc'), meta: { kind: 'longtext' } }),
    column.display({
      id: 'actions',
      header: () => t('progress.order_link'),
      cell: ({ row }) => {
        const url = link(row.original);
        return (
          <span className="console-actions">
            {url ? (
              <>
                <a href={url} target="_blank" rel="noreferrer">
                  {t('progress.open_link')}
                </a>
                <CopyButton text={url} />
              </>
            ) : null}
            {canClone(row.original) ? (
              <Link
                to="/admin/users/$id/paymentProgress/create"
                params={{ id: uid }}
                search={{
                  planName: row.original.planName,
                  currency: row.original.currency,
                  desc: row.original.desc ?? '',
                }}
              >
                {t('progress.clone')}
              </Link>
            ) : null}
          </span>
        );
      },
    }),
  ];
  return (
    <section className="console-card">
      <ErrorNote error={list.error ?? settings.error} />
      <DataTable
        data={list.data?.result ?? []}
        columns={columns}
        caption={t('progress.title')}
        getRowId={(row) => row.guid}
      />
    </section>
  );
}

const progressFormRule = adminPaymentProgressCreate.request.omit({ uid: true });
type ProgressForm = z.input<typeof progressFormRule>;

/** users/{id}/paymentProgress/create: plan name (sorted choices), currency and desc, all required. */
interface CloneInput {
  planName?: string | undefined;
  currency?: string | undefined;
  desc?: string | undefined;
}

export function PaymentProgressCreate({ uid, clone }: { uid: string; clone: CloneInput }) {
  const choices = usePlanNameChoices();
  // The form waits for the choices: a cloned plan name is selectable only once its option exists.
  if (!choices.data) return <ErrorNote error={choices.error} />;
  return <PaymentProgressForm uid={uid} clone={clone} planNames={choices.data.planNames} />;
}

function PaymentProgressForm({
  uid,
  clone,
  planNames,
}: {
  uid: string;
  clone: CloneInput;
  planNames: string[];
}) {
  const { t } = useTranslation('console-payments');
  const navigate = useNavigate();
  const create = useCreatePaymentProgress(uid);
  const form = useForm<ProgressForm>({
    resolver: zodResolver(progressFormRule),
    defaultValues: {
      planName: clone.planName ?? '',
      currency: (CURRENCIES as readonly string[]).includes(clone.currency ?? '')
        ? (clone.currency as Currency)
        : 'KRW',
      desc: clone.desc ?? '',
    },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (input) => {
    try {
      await create.mutateAsync(input);
      notify.success(t('console-shell:toast.saved'));
      await navigate({ to: '/admin/users/$id/paymentProgress', params: { id: uid } });
    } catch (error) {
      notify.failure(t('console-shell:toast.save_failed'), error);
    }
  });
  return (
    <form className="console-form console-card" onSubmit={submit} noValidate>
      <FormField label={t('field.plan_name')} error={errors.planName?.message}>
        <select {...form.register('planName')}>
          <option value="">{t('choose')}</option>
          {planNames.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={t('field.currency')} error={errors.currency?.message}>
        <select {...form.register('currency')}>
          {CURRENCIES.map((currency) => (
            <option key={currency} value={currency}>
              {currency}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={t('field.desc')} error={errors.desc?.message}>
        <input {...form.register('desc')} />
      </FormField>
      <ErrorNote error={create.error} />
      <SubmitRow label={t('console-shell:action.create')} busy={create.isPending} />
    </form>
  );
}
