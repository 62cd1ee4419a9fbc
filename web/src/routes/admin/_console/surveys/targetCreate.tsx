import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import * as z from 'zod';
import { PageTitle } from '../../../../components/console/PageTitle.tsx';
import { SurveyTargetCreate } from '../../../../features/console-surveys/components/SurveyTargetCreate.tsx';

export const Route = createFileRoute('/admin/_console/surveys/targetCreate')({
  validateSearch: z.object({ surveyType: z.string().max(64).optional().catch(undefined) }),
  component: TargetCreate,
});

function TargetCreate() {
  const { t } = useTranslation('console-surveys');
  const { surveyType } = Route.useSearch();
  return (
    <>
      <PageTitle title={t('target.add')} />
      <SurveyTargetCreate surveyType={surveyType} />
    </>
  );
}
