import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A CSV file picker for the bulk pages: only .csv files are taken; the page reads the file (see
 * lib/console/csv.ts) and shows its own summary of what it found. `emptyMessage` is what an empty
 * file says on that page.
 */
export function CsvUpload({
  label,
  disabled,
  onFile,
}: {
  label: string;
  disabled?: boolean;
  onFile: (file: File) => void;
}) {
  const { t } = useTranslation('console-shell');
  const id = useId();
  const [refused, setRefused] = useState(false);
  return (
    <div className="console-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept=".csv,text/csv"
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (!file) return;
          const isCsv = /\.csv$/i.test(file.name);
          setRefused(!isCsv);
          if (isCsv) onFile(file);
          else event.target.value = '';
        }}
      />
      {refused ? <p className="field-error">{t('csv.only_csv')}</p> : null}
    </div>
  );
}
