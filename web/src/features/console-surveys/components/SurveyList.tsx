import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { SmartSurvey } from '../../../../../shared/surveys/smart-survey.ts';
import { DataTable } from '../../../components/console/DataTable.tsx';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { KstTime } from '../../../components/console/KstTime.tsx';
import { labelled } from '../../../components/console/list/list-columns.tsx';
import { useDeleteAction } from '../../../components/console/use-delete-action.ts';
import { codeLabel } from '../../../lib/labels/labels.ts';
import { useSurveys } from '../api/get-surveys.ts';
import { useSurveyWrites } from '../api/save-survey.ts';

/** One row per survey and language, the survey's own fields on each (section 2's list columns). */
interface SurveyRow {
  survey: SmartSurvey;
  key: string;
  language: string;
  typeformId?: string | undefined;
  redirectUrl?: string | undefined;
  message: string;
  confirmMessage: string;
}
const column = createColumnHelper<SurveyRow>();

export function SurveyList() {
  const { t } = useTranslation('console-surveys');
  const surveys = useSurveys();
  const writes = useSurveyWrites();
  const remove = useDeleteAction((sid) => writes.remove.mutateAsync(sid));
  const rows: SurveyRow[] = (surveys.data?.surveys ?? []).flatMap((survey) =>
    survey.locates.map((locate) => ({ survey, key: `${survey.sid}-${locate.language}`, ...locate })),
  );
  const columns = [
    column.accessor((row) => row.survey.sid, { id: 'sid', header: () => t('field.id') }),
    column.accessor((row) => row.survey.surveyType, {
      id: 'surveyType',
      header: () => t('field.survey_type'),
    }),
    column.accessor((row) => row.survey.actionType, {
      id: 'actionType',
      header: () => t('field.action_type'),
      ...labelled((type: string) => codeLabel(t, 'surveyActionType', type), { withCode: true }),
    }),
    column.accessor('language', { header: () => t('field.language') }),
    column.accessor('typeformId', { header: () => t('field.typeform_id') }),
    column.accessor((row) => row.survey.displayMode, {
      id: 'displayMode',
      header: () => t('field.display_mode'),
    }),
    column.accessor('redirectUrl', { header: () => t('field.redirect_url') }),
    column.accessor('message', { header: () => t('field.message') }),
    column.accessor('confirmMessage', { header: () => t('field.confirm_message') }),
    column.accessor((row) => row.survey.timingTypes.join(', '), {
      id: 'timingTypes',
      header: () => t('field.timing_types'),
    }),
    column.accessor((row) => row.survey.expireDate, {
      id: 'expireDate',
      header: () => t('field.expire_date'),
      cell: (info) => <KstTime ms={info.getValue()} />,
    }),
    column.display({
      id: 'actions',
      header: () => t('field.actions'),
      cell: (info) => {
        const { survey } = info.row.original;
        return (
          <span className="console-row-actions">
            <Link
              to="/admin/surveys/$id/show"
              params={{ id: survey.sid }}
              className="console-button secondary"
            >
              {t('console-shell:action.show')}
            </Link>
            <Link
              to="/admin/surveys/$id/edit"
              params={{ id: survey.sid }}
              className="console-button secondary"
            >
              {t('console-shell:action.edit')}
            </Link>
            <button type="button" className="console-button danger" onClick={() => remove(survey.sid)}>
              {t('console-shell:action.delete')}
            </button>
          </span>
        );
      },
    }),
  ];
  return (
    <>
      <ErrorNote error={surveys.error} />
      <DataTable data={rows} columns={columns} getRowId={(row) => row.key} caption={t('title')} />
    </>
  );
}
