import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../../components/console/PageTitle.tsx';
import {
  surveyOptionsQueryOptions,
  useSurveyOptions,
} from '../../../../features/console-surveys/api/get-survey-options.ts';
import { SurveyForm } from '../../../../features/console-surveys/components/SurveyForm.tsx';
import { emptySurvey } from '../../../../features/console-surveys/components/survey-form-values.ts';

export const Route = createFileRoute('/admin/_console/surveys/create')({
  loader: ({ context }) => context.queryClient.ensureQueryData(surveyOptionsQueryOptions()),
  component: SurveyCreate,
});

function SurveyCreate() {
  const { t } = useTranslation('console-surveys');
  const options = useSurveyOptions().data;
  return (
    <>
      <PageTitle title={t('create')} />
      {options ? <SurveyForm initial={emptySurvey()} options={options} /> : null}
    </>
  );
}
