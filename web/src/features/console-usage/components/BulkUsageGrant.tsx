import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BULK_USAGE_GRANT_MAX, USAGE_GRANT_MESSAGES } from '../../../../../shared/usage/usage-grant-rules.ts';
import { BulkJobProgress } from '../../../components/console/BulkJobProgress.tsx';
import { useConfirm } from '../../../components/console/ConfirmDialog.tsx';
import { CsvIdList, csvBulkSubmit, useCsvIdList } from '../../../components/console/CsvIdList.tsx';
import { SubmitRow } from '../../../components/console/SubmitRow.tsx';
import { useBulkJob } from '../../../components/console/use-bulk-job.ts';
import { bulkUsageGrant } from '../api/usage-api.ts';
import { GRANT_FORM_DEFAULTS, type GrantAmounts, type GrantForm, grantFormRule } from '../grant-form.ts';
import { GrantAmountFields } from './GrantAmountFields.tsx';

/**
 * bulk/usageCreate (sections 2, 4, 5 and 9): a CSV of uids or e-mails and the single grant's amounts
 * and desc; a summary to confirm; then the job's progress and its failures (uid or e-mail, reason).
 * The job is queued in batches of 300; once it is done the form starts empty again.
 */
export function BulkUsageGrant() {
  const { t } = useTranslation('console-usage');
  const confirm = useConfirm();
  const list = useCsvIdList({
    noIds: USAGE_GRANT_MESSAGES.noUids,
    tooMany: USAGE_GRANT_MESSAGES.tooMany,
    max: BULK_USAGE_GRANT_MAX,
  });
  // The list comes from the CSV; the form holds the amounts and desc.
  const form = useForm<GrantForm, unknown, GrantAmounts>({
    resolver: zodResolver(grantFormRule),
    defaultValues: GRANT_FORM_DEFAULTS,
  });
  const bulk = useBulkJob({
    onDone: () => {
      form.reset();
      list.clear();
    },
  });

  const submit = csvBulkSubmit(list, form.handleSubmit, async (ids, amounts) => {
    const summary = t('bulk.confirm', { count: ids.length, ...amounts });
    if (!(await confirm({ title: t('bulk.confirm_title'), description: summary }))) return;
    await bulk.start((confirmRepeat) => bulkUsageGrant({ uidOrEmails: ids, ...amounts, confirmRepeat }), ids);
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
        <GrantAmountFields register={form.register} errors={form.formState.errors} disabled={bulk.busy} />
        <SubmitRow label={t('bulk.submit')} busy={bulk.busy} />
      </form>
      <BulkJobProgress bulk={bulk} />
    </>
  );
}
