import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { RouteOutput } from '../../../../../shared/api/define-route.ts';
import type { adminGetSurveyUsers } from '../../../../../shared/api/surveys.ts';
import { isKnownActionType, type SmartSurvey } from '../../../../../shared/surveys/smart-survey.ts';
import { CodeLabel } from '../../../components/console/CodeLabel.tsx';
import { KstTime } from '../../../components/console/KstTime.tsx';
import { FilterField } from '../../../components/console/list/FilterField.tsx';
import { ListTable } from '../../../components/console/list/ListTable.tsx';
import { kstTime } from '../../../components/console/list/list-columns.tsx';
import { useListFilters } from '../../../components/console/list/list-filters.ts';
import { codeLabel } from '../../../lib/labels/labels.ts';
import { useSurveyUsers } from '../api/get-survey-users.ts';
import { SurveyPreview } from './SurveyPreview.tsx';

type Target = RouteOutput<typeof adminGetSurveyUsers>['targets'][number];
const column = createColumnHelper<Target>();

/** The target search as the address keeps it. */
export type TargetFilter = { target?: string };

/**
 * surveys/{id}/show: the survey, its toast per language, and its targets with a search by ID (it
 * applies as it is typed and lives in the address).
 */
export function SurveyShow({
  survey,
  filter,
  onFilter,
}: {
  survey: SmartSurvey;
  filter: TargetFilter;
  onFilter: (filter: TargetFilter) => void;
}) {
  const { t } = useTranslation('console-surveys');
  return (
    <>
      <section className="console-card" aria-labelledby="survey-title">
        <h2 id="survey-title">{survey.surveyType}</h2>
        {isKnownActionType(survey.actionType) ? null : (
          <p role="alert" className="console-error">
            {t('unknown_action_type')}
          </p>
        )}
        <dl className="console-details">
          <dt>{t('field.id')}</dt>
          <dd>{survey.sid}</dd>
          <dt>{t('field.action_type')}</dt>
          <dd>
            <CodeLabel label={codeLabel(t, 'surveyActionType', survey.actionType)} code={survey.actionType} />
          </dd>
          {survey.displayMode ? (
            <>
              <dt>{t('field.display_mode')}</dt>
              <dd>{survey.displayMode}</dd>
            </>
          ) : null}
          <dt>{t('field.timing_types')}</dt>
          <dd>
            {survey.timingTypes.map((timing) => t(`timing.${timing}`, { defaultValue: timing })).join(', ')}
          </dd>
          <dt>{t('field.expire_date')}</dt>
          <dd>
            <KstTime ms={survey.expireDate} />
          </dd>
        </dl>
        <div className="console-filters" style={{ marginTop: 12 }}>
          {survey.locates.map((locate) => (
            <div key={locate.language}>
              <SurveyPreview
                language={locate.language}
                message={locate.message}
                confirmMessage={locate.confirmMessage}
              />
              <p className="console-hint">{locate.typeformId ?? locate.redirectUrl ?? ''}</p>
            </div>
          ))}
        </div>
      </section>
      <SurveyTargets sid={survey.sid} surveyType={survey.surveyType} filter={filter} onFilter={onFilter} />
    </>
  );
}

function SurveyTargets({
  sid,
  surveyType,
  filter,
  onFilter,
}: {
  sid: string;
  surveyType: string;
  filter: TargetFilter;
  onFilter: (filter: TargetFilter) => void;
}) {
  const { t } = useTranslation('console-surveys');
  const filters = useListFilters(filter, onFilter);
  const search = filter.target?.trim() ?? '';
  const targets = useSurveyUsers(sid, search);
  const columns = [
    column.accessor('id', { header: t('field.id') }),
    column.accessor('idType', { header: t('target.id_type') }),
    column.accessor('created', { header: t('target.added'), ...kstTime() }),
  ];
  return (
    <section className="console-card" aria-labelledby="targets-title">
      <h2 id="targets-title">{t('target.title')}</h2>
      <div className="console-actions" style={{ marginBottom: 12 }}>
        <FilterField filters={filters} name="target" label={t('target.search')} />
        <Link to="/admin/surveys/targetCreate" search={{ surveyType }} className="console-button secondary">
          {t('target.add')}
        </Link>
      </div>
      {targets.firstPage && !search && targets.rows.length === 0 ? (
        <p role="status" className="console-error">
          {t('target.none')}
        </p>
      ) : null}
      <ListTable
        list={targets}
        columns={columns}
        caption={t('target.title')}
        exportName={`survey-targets-${surveyType}`}
        getRowId={(row) => `${row.idType}:${row.id}`}
        height={420}
      />
    </section>
  );
}
