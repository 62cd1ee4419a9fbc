import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../../components/console/PageTitle.tsx';
import { FormBuilder } from '../../../../features/console-survey-builder/components/FormBuilder.tsx';

export const Route = createFileRoute('/admin/_console/formBuilder/')({
  component: FormBuilderPage,
});

function FormBuilderPage() {
  const { t } = useTranslation('console-surveys');
  return (
    <>
      <PageTitle title={t('builder.title')} />
      <FormBuilder />
    </>
  );
}
