import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import {
  BULK_DIRECT_DEPOSIT_MAX,
  type BulkDirectDepositFieldsForm,
  bulkDirectDepositFieldsRule,
  DIRECT_DEPOSIT_MESSAGES,
} from '../../../../../shared/direct-deposits/direct-deposit.ts';
import { BulkJobProgress } from '../../../components/console/BulkJobProgress.tsx';
import { useConfirm } from '../../../components/console/ConfirmDialog.tsx';
import { CsvIdList, csvBulkSubmit, useCsvIdList } from '../../../components/console/CsvIdList.tsx';
import { FormField } from '../../../components/console/FormField.tsx';
import { SubmitRow } from '../../../components/console/SubmitRow.tsx';
import { useBulkJob } from '../../../components/console/use-bulk-job.ts';
import { bulkDirectDeposit } from '../api/create-direct-deposit.ts';
import { DepositFields } from './DepositFields.tsx';

/**
 * bulk/directDepositCreate (sections 2, 4, 5 and 9): a CSV of uids or e-mails, the plan, price,
 * currency, payment type (plan by default) and desc; a summary of the target and the deposit to
 * confirm; then the job's progress and its failures (uid or e-mail, reason). The job is queued in
 * batches of 300; once it is done the form starts empty again.
 */
export function BulkDirectDeposit() {
  const { t } = useTranslation('console-deposits');
  const confirm = useConfirm();
  const list = useCsvIdList({
    noIds: DIRECT_DEPOSIT_MESSAGES.noUids,
    tooMany: DIRECT_DEPOSIT_MESSAGES.tooMany,
    max: BULK_DIRECT_DEPOSIT_MAX,
  });
  // The list comes from the CSV; the form holds the rest of the call.
  const form = useForm<BulkDirectDepositFieldsForm, unknown, z.output<typeof bulkDirectDepositFieldsRule>>({
    resolver: zodResolver(bulkDirectDepositFieldsRule),
    defaultValues: { planName: '', currency: 'KRW', paymentType: 'plan', desc: '' },
  });
  const errors = form.formState.errors;
  const bulk = useBulkJob({
    onDone: () => {
      form.reset();
      list.clear();
    },
  });

  const submit = csvBulkSubmit(list, form.handleSubmit, async (ids, deposit) => {
    const summary = t('bulk.confirm', { count: ids.length, ...deposit });
    if (!(await confirm({ title: t('bulk.confirm_title'), description: summary }))) return;
    await bulk.start(
      (confirmRepeat) => bulkDirectDeposit({ uidOrEmails: ids, ...deposit, confirmRepeat }),
      ids,
    );
  });

  return (
    <>
      <form className="console-form console-card" onSubmit={submit} noValidate>
        <p className="console-hint">{t('bulk.columns')}</p>
        <CsvIdList
          list={list}
          label={t('bulk.file')}
          summary={(file, count) => t('bulk.summary', { file, count })}
          disabled={bulk.busy}
          onRead={bulk.reset}
        />
        <DepositFields register={form.register} errors={errors} disabled={bulk.busy} />
        <FormField label={t('field.desc')} error={errors.desc?.message}>
          <input disabled={bulk.busy} {...form.register('desc')} />
        </FormField>
        <SubmitRow label={t('bulk.submit')} busy={bulk.busy} />
      </form>
      <BulkJobProgress bulk={bulk} />
    </>
  );
}
