import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../../../components/console/PageTitle.tsx';
import { surveyQueryOptions, useSurvey } from '../../../../../features/console-surveys/api/get-survey.ts';
import { SurveyShow } from '../../../../../features/console-surveys/components/SurveyShow.tsx';

export const Route = createFileRoute('/admin/_console/surveys/$id/show')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(surveyQueryOptions(params.id)),
  component: SurveyShowPage,
});

function SurveyShowPage() {
  const { t } = useTranslation('console-surveys');
  const { id } = Route.useParams();
  const survey = useSurvey(id).data?.survey;
  return (
    <>
      <PageTitle title={t('show', { id })} />
      {survey ? <SurveyShow survey={survey} /> : null}
    </>
  );
}
