import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../../components/console/PageTitle.tsx';
import { SurveyTargetCreate } from '../../../../features/console-surveys/components/SurveyTargetCreate.tsx';
import { searchParams, searchText } from '../../../../lib/search-params.ts';

export const Route = createFileRoute('/admin/_console/surveys/targetCreate')({
  validateSearch: searchParams({ surveyType: searchText(64) }),
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
