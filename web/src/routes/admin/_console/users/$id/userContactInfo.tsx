import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../../../components/console/PageTitle.tsx';
import { ContactInfoForm } from '../../../../../features/console-money/components/ContactInfoForm.tsx';

export const Route = createFileRoute('/admin/_console/users/$id/userContactInfo')({
  component: UserContactInfo,
});

function UserContactInfo() {
  const { t } = useTranslation('console-payments');
  const { id } = Route.useParams();
  return (
    <>
      <PageTitle title={t('contact.update_title')} />
      <ContactInfoForm uid={id} />
    </>
  );
}
