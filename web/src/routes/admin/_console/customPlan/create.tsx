import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../../components/console/PageTitle.tsx';
import { CustomPlanCreate } from '../../../../features/console-money/components/CustomPlans.tsx';

export const Route = createFileRoute('/admin/_console/customPlan/create')({
  component: CustomPlanCreatePage,
});

function CustomPlanCreatePage() {
  const { t } = useTranslation('console-plans');
  return (
    <>
      <PageTitle title={t('create')} />
      <CustomPlanCreate />
    </>
  );
}
