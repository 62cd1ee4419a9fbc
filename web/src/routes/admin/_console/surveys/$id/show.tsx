import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../../../components/console/PageTitle.tsx';
import { surveyQueryOptions, useSurvey } from '../../../../../features/console-surveys/api/get-survey.ts';
import { SurveyShow } from '../../../../../features/console-surveys/components/SurveyShow.tsx';
import { searchParams, searchText } from '../../../../../lib/search-params.ts';

export const Route = createFileRoute('/admin/_console/surveys/$id/show')({
  validateSearch: searchParams({ target: searchText(128) }),
  loader: ({ context, params }) => context.queryClient.ensureQueryData(surveyQueryOptions(params.id)),
  component: SurveyShowPage,
});

function SurveyShowPage() {
  const { t } = useTranslation('console-surveys');
  const { id } = Route.useParams();
  const survey = useSurvey(id).data?.survey;
  const filter = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return (
    <>
      <PageTitle title={t('show', { id })} />
      {survey ? (
        <SurveyShow
          survey={survey}
          filter={filter}
          onFilter={(search) => navigate({ search, replace: true })}
        />
      ) : null}
    </>
  );
}
