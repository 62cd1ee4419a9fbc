import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../../../components/console/PageTitle.tsx';
import { surveyQueryOptions, useSurvey } from '../../../../../features/console-surveys/api/get-survey.ts';
import {
  surveyOptionsQueryOptions,
  useSurveyOptions,
} from '../../../../../features/console-surveys/api/get-survey-options.ts';
import { SurveyForm } from '../../../../../features/console-surveys/components/SurveyForm.tsx';
import { surveyToForm } from '../../../../../features/console-surveys/components/survey-form-values.ts';

export const Route = createFileRoute('/admin/_console/surveys/$id/edit')({
  loader: ({ context, params }) =>
    Promise.all([
      context.queryClient.ensureQueryData(surveyQueryOptions(params.id)),
      context.queryClient.ensureQueryData(surveyOptionsQueryOptions()),
    ]),
  component: SurveyEdit,
});

function SurveyEdit() {
  const { t } = useTranslation('console-surveys');
  const { id } = Route.useParams();
  const survey = useSurvey(id).data?.survey;
  const options = useSurveyOptions().data;
  return (
    <>
      <PageTitle title={t('edit', { id })} />
      {survey && options ? (
        <SurveyForm key={survey.sid} sid={survey.sid} initial={surveyToForm(survey)} options={options} />
      ) : null}
    </>
  );
}
