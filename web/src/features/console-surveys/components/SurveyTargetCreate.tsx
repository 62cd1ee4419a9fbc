import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SURVEY_TARGET_ID_TYPES,
  SURVEY_TARGETS_MAX,
  type SurveyTargetIdType,
} from '../../../../../shared/surveys/smart-survey.ts';
import { BulkJobProgress } from '../../../components/console/BulkJobProgress.tsx';
import { CsvUpload } from '../../../components/console/CsvUpload.tsx';
import { useHandedAccounts } from '../../../components/console/list/list-selection.ts';
import { SelectField } from '../../../components/console/SelectField.tsx';
import { useBulkJob } from '../../../components/console/use-bulk-job.ts';
import { readCsvIds } from '../../../lib/console/csv.ts';
import { addSurveyTargets } from '../api/add-survey-targets.ts';
import { useSurveys } from '../api/get-surveys.ts';

/**
 * surveys/targetCreate: a CSV of uids or cids added to a survey type (queued in batches of 300), or the
 * accounts selected in the user list (uids) when its bulk action opened the page.
 */
export function SurveyTargetCreate({ surveyType: initialType }: { surveyType?: string | undefined }) {
  const { t } = useTranslation('console-surveys');
  const surveys = useSurveys();
  const bulk = useBulkJob();
  const [surveyType, setSurveyType] = useState(initialType ?? '');
  const [idType, setIdType] = useState<SurveyTargetIdType>('uid');
  const handed = useHandedAccounts();
  const [ids, setIds] = useState<string[] | undefined>(() => (handed ? [...handed] : undefined));
  const [fromFile, setFromFile] = useState(false);
  const [problem, setProblem] = useState<string>();
  const surveyTypes = [...new Set((surveys.data?.surveys ?? []).map((survey) => survey.surveyType))].sort();

  const start = async () => {
    if (!surveyType) return setProblem(t('target.choose_type'));
    if (!ids?.length) return setProblem(t('target.no_ids'));
    if (ids.length > SURVEY_TARGETS_MAX) return setProblem(t('target.too_many', { max: SURVEY_TARGETS_MAX }));
    setProblem(undefined);
    await bulk.start(() => addSurveyTargets({ ids, idType, surveyType }), ids);
  };
  return (
    <>
      <div className="console-form console-card">
        <SelectField
          label={t('field.survey_type')}
          value={surveyType}
          choices={[...new Set([...surveyTypes, ...(initialType ? [initialType] : [])])]}
          onChange={setSurveyType}
          disabled={bulk.busy}
          emptyLabel={t('field.choose')}
        />
        <SelectField
          label={t('target.id_type')}
          value={idType}
          choices={SURVEY_TARGET_ID_TYPES}
          onChange={setIdType}
          disabled={bulk.busy}
        />
        <CsvUpload
          label={t('target.file')}
          disabled={bulk.busy}
          onFile={async (file) => {
            const read = await readCsvIds(file);
            setIds(read);
            setFromFile(true);
            setProblem(read.length ? undefined : t('target.no_ids'));
            bulk.reset();
          }}
        />
        {ids?.length ? (
          <p aria-live="polite">
            {fromFile
              ? t('target.summary', { count: ids.length })
              : t('console-lists:select.handed', { count: ids.length })}
          </p>
        ) : null}
        {problem ? (
          <p role="alert" className="field-error">
            {problem}
          </p>
        ) : null}
        <div className="console-actions">
          <button type="button" className="console-button" disabled={bulk.busy} onClick={start}>
            {t('target.submit')}
          </button>
        </div>
      </div>
      <BulkJobProgress bulk={bulk} />
    </>
  );
}
