import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../../components/console/PageTitle.tsx';
import { SurveyForm } from '../../../../features/console-surveys/components/SurveyForm.tsx';
import { emptySurvey } from '../../../../features/console-surveys/components/survey-form-values.ts';

export const Route = createFileRoute('/admin/_console/surveys/create')({
  component: SurveyCreate,
});

function SurveyCreate() {
  const { t } = useTranslation('console-surveys');
  return (
    <>
      <PageTitle title={t('create')} />
      <SurveyForm initial={emptySurvey()} />
    </>
  );
}
