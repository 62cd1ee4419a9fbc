import { createFileRoute, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../../components/console/PageTitle.tsx';
import { CustomPlanList } from '../../../../features/console-money/components/CustomPlans.tsx';

export const Route = createFileRoute('/admin/_console/customPlan/')({
  component: CustomPlans,
});

function CustomPlans() {
  const { t } = useTranslation('console-plans');
  return (
    <>
      <PageTitle title={t('title')}>
        <Link to="/admin/customPlan/create" className="console-button">
          {t('create')}
        </Link>
      </PageTitle>
      <CustomPlanList />
    </>
  );
}
