import { type BaseSyntheticEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readCsvIds } from '../../lib/console/csv.ts';
import { CsvUpload } from './CsvUpload.tsx';
import { useHandedAccounts } from './list/list-selection.ts';

/**
 * The uid-or-e-mail list of a bulk page (bulk usage grant, bulk direct deposit): the accounts selected
 * in the user list when a bulk action opened the page, else (or once a file is chosen) read from a
 * CSV; summed up under the picker, and checked on submit against the page's rule messages (i18n keys
 * with their namespace: none given, more than `max`). `clear` empties it and the file picker (a
 * finished job's form starts again).
 */
export function useCsvIdList(rule: { noIds: string; tooMany: string; max: number }) {
  const handed = useHandedAccounts();
  const [ids, setIds] = useState<string[] | undefined>(() => (handed ? [...handed] : undefined));
  const [fileName, setFileName] = useState<string>();
  const [error, setError] = useState<string>();
  const [generation, setGeneration] = useState(0);
  return {
    ids,
    /** The file the ids came from; none when they are the user list's selection. */
    fileName,
    error,
    generation,
    max: rule.max,
    clear: () => {
      setIds(undefined);
      setFileName(undefined);
      setError(undefined);
      setGeneration((current) => current + 1);
    },
    read: async (file: File) => {
      const read = await readCsvIds(file);
      setFileName(file.name);
      setIds(read);
      setError(read.length ? undefined : rule.noIds);
    },
    /** The list to queue, or undefined (its error shown) when there is none or too many. */
    checked: (): string[] | undefined => {
      const refusal = !ids?.length ? rule.noIds : ids.length > rule.max ? rule.tooMany : undefined;
      setError(refusal);
      return refusal ? undefined : ids;
    },
  };
}

/**
 * The submit of a CSV bulk page: the list and the form's fields are checked together (every problem
 * at once), then `queue` gets the ids and the checked fields.
 */
export function csvBulkSubmit<Fields>(
  list: ReturnType<typeof useCsvIdList>,
  handleSubmit: (valid: (fields: Fields) => Promise<void>) => (event?: BaseSyntheticEvent) => Promise<void>,
  queue: (ids: string[], fields: Fields) => Promise<void>,
) {
  return (event: FormEvent<HTMLFormElement>) => {
    const ids = list.checked();
    return handleSubmit(async (fields) => {
      if (ids) await queue(ids, fields);
    })(event);
  };
}

export function CsvIdList({
  list,
  label,
  summary,
  disabled,
  onRead,
}: {
  list: ReturnType<typeof useCsvIdList>;
  label: string;
  /** The page's line for the file read: its name and how many accounts it lists. */
  summary: (file: string, count: number) => string;
  disabled: boolean;
  onRead: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <CsvUpload
        key={list.generation}
        label={label}
        disabled={disabled}
        onFile={async (file) => {
          await list.read(file);
          onRead();
        }}
      />
      {list.ids?.length ? (
        <p aria-live="polite">
          {list.fileName === undefined
            ? t('console-lists:select.handed', { count: list.ids.length })
            : summary(list.fileName, list.ids.length)}
        </p>
      ) : null}
      {list.error ? (
        <p className="field-error" role="alert">
          {t(list.error, { max: list.max })}
        </p>
      ) : null}
    </>
  );
}
