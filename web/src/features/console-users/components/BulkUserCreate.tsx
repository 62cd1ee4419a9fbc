import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import type { BulkUserRow } from '../../../../../shared/api/users.ts';
import {
  ADMIN_USER_MESSAGES,
  BULK_USER_CREATE_MAX,
  BULK_USER_CSV_COLUMNS,
  bulkUserCreateFormRule,
} from '../../../../../shared/users/admin-user-rules.ts';
import { BulkJobProgress } from '../../../components/console/BulkJobProgress.tsx';
import { CsvUpload } from '../../../components/console/CsvUpload.tsx';
import { FormField } from '../../../components/console/FormField.tsx';
import { SubmitRow } from '../../../components/console/SubmitRow.tsx';
import { useBulkJob } from '../../../components/console/use-bulk-job.ts';
import { readCsvRows } from '../../../lib/console/csv.ts';
import { bulkCreateUsers } from '../api/bulk-create-users.ts';
import { USER_RULE_VALUES } from './user-rule-values.ts';

type BulkForm = z.input<typeof bulkUserCreateFormRule>;

/** A CSV row as the API takes it: the template's columns, missing ones empty. */
function toRow(record: Record<string, string>): BulkUserRow {
  return Object.fromEntries(
    BULK_USER_CSV_COLUMNS.map((column) => [column, record[column] ?? '']),
  ) as BulkUserRow;
}

/**
 * bulk/userCreate (sections 2, 4 and 5): a CSV of accounts (columns email, name, password, language,
 * referralType, referralCode), the assist e-mail and desc every account gets; then the job's progress
 * and its failures, each row with its reason.
 */
export function BulkUserCreate() {
  const { t } = useTranslation('console-users');
  const [rows, setRows] = useState<BulkUserRow[]>();
  const [fileName, setFileName] = useState<string>();
  const [rowsError, setRowsError] = useState<string>();
  const [picker, setPicker] = useState(0);
  const form = useForm<BulkForm, unknown, z.output<typeof bulkUserCreateFormRule>>({
    resolver: zodResolver(bulkUserCreateFormRule),
    defaultValues: { assistEmail: '', desc: '' },
  });
  const errors = form.formState.errors;
  const bulk = useBulkJob({
    onDone: () => {
      form.reset();
      setRows(undefined);
      setPicker((current) => current + 1);
    },
  });

  // The rows and the fields are checked together, so every problem shows at once.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const refusal = !rows?.length
      ? ADMIN_USER_MESSAGES.noUsers
      : rows.length > BULK_USER_CREATE_MAX
        ? 'console-users:bulk.too_many'
        : undefined;
    setRowsError(refusal);
    return form.handleSubmit(async ({ assistEmail, desc }) => {
      if (refusal || !rows) return;
      await bulk.start(
        () => bulkCreateUsers({ rows, assistEmail, desc }),
        rows.map((row) => row.email),
      );
    })(event);
  };

  return (
    <>
      <form className="console-form console-card" onSubmit={submit} noValidate>
        <p className="console-hint">{t('bulk.columns', { columns: BULK_USER_CSV_COLUMNS.join(', ') })}</p>
        <CsvUpload
          key={picker}
          label={t('bulk.file')}
          disabled={bulk.busy}
          onFile={async (file) => {
            setFileName(file.name);
            setRows((await readCsvRows(file)).map(toRow));
            setRowsError(undefined);
            bulk.reset();
          }}
        />
        {rows ? <p aria-live="polite">{t('bulk.summary', { file: fileName, count: rows.length })}</p> : null}
        {rowsError ? (
          <p className="field-error" role="alert">
            {t(rowsError, { max: BULK_USER_CREATE_MAX })}
          </p>
        ) : null}
        <FormField label={t('field.assist_email')} error={errors.assistEmail?.message}>
          <input type="email" disabled={bulk.busy} {...form.register('assistEmail')} />
        </FormField>
        <FormField label={t('field.desc')} error={errors.desc?.message}>
          <input disabled={bulk.busy} {...form.register('desc')} />
        </FormField>
        <SubmitRow label={t('bulk.submit')} busy={bulk.busy} />
      </form>
      <BulkJobProgress bulk={bulk} reasonValues={USER_RULE_VALUES} />
    </>
  );
}
