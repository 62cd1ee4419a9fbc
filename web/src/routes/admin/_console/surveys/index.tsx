import { createFileRoute, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../../components/console/PageTitle.tsx';
import { surveysQueryOptions } from '../../../../features/console-surveys/api/get-surveys.ts';
import { SurveyList } from '../../../../features/console-surveys/components/SurveyList.tsx';

export const Route = createFileRoute('/admin/_console/surveys/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(surveysQueryOptions()),
  component: Surveys,
});

function Surveys() {
  const { t } = useTranslation('console-surveys');
  return (
    <>
      <PageTitle title={t('title')}>
        <Link to="/admin/surveys/targetCreate" className="console-button secondary">
          {t('target.add')}
        </Link>
        <Link to="/admin/surveys/create" className="console-button">
          {t('create')}
        </Link>
      </PageTitle>
      <SurveyList />
    </>
  );
}
