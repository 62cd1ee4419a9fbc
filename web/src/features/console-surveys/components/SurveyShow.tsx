import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isKnownActionType, type SmartSurvey } from '../../../../../shared/surveys/smart-survey.ts';
import { DataTable } from '../../../components/console/DataTable.tsx';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { KstTime } from '../../../components/console/KstTime.tsx';
import { useSurveyUsers } from '../api/get-survey-users.ts';
import { SurveyPreview } from './SurveyPreview.tsx';

type Target = { id: string; idType: string; created: number };
const column = createColumnHelper<Target>();

/** surveys/{id}/show: the survey, its toast per language, and its targets with a search by ID. */
export function SurveyShow({ survey }: { survey: SmartSurvey }) {
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
          <dd>{survey.actionType}</dd>
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
      <SurveyTargets sid={survey.sid} surveyType={survey.surveyType} />
    </>
  );
}

function SurveyTargets({ sid, surveyType }: { sid: string; surveyType: string }) {
  const { t } = useTranslation('console-surveys');
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const targets = useSurveyUsers(sid, deferred);
  const rows = targets.data?.targets ?? [];
  const columns = [
    column.accessor('id', { header: () => t('field.id') }),
    column.accessor('idType', { header: () => t('target.id_type') }),
    column.accessor('created', {
      header: () => t('target.added'),
      cell: (info) => <KstTime ms={info.getValue()} />,
    }),
  ];
  return (
    <section className="console-card" aria-labelledby="targets-title">
      <h2 id="targets-title">{t('target.title')}</h2>
      <div className="console-actions" style={{ marginBottom: 12 }}>
        <div className="console-field" style={{ flex: 1 }}>
          <label htmlFor="target-search">{t('target.search')}</label>
          <input id="target-search" value={search} onChange={(event) => setSearch(event.target.value)} />
        </div>
        <Link to="/admin/surveys/targetCreate" search={{ surveyType }} className="console-button secondary">
          {t('target.add')}
        </Link>
      </div>
      <ErrorNote error={targets.error} />
      {targets.data && !deferred && rows.length === 0 ? (
        <p role="status" className="console-error">
          {t('target.none')}
        </p>
      ) : null}
      {targets.data?.truncated ? (
        <p className="console-hint">{t('target.truncated', { count: rows.length })}</p>
      ) : null}
      <DataTable
        data={rows}
        columns={columns}
        getRowId={(row) => `${row.idType}:${row.id}`}
        caption={t('target.title')}
        height={420}
      />
    </section>
  );
}
