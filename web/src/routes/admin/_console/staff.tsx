import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { adminStaffList } from '../../../../../shared/api/staff.ts';
import { pagedListOptions } from '../../../components/console/list/paged-list.ts';
import { PageTitle } from '../../../components/console/PageTitle.tsx';
import { staffList } from '../../../features/console-staff/api/staff.ts';
import { InviteForm } from '../../../features/console-staff/components/InviteForm.tsx';
import { StaffList } from '../../../features/console-staff/components/StaffList.tsx';
import { roleCanCall } from '../../../lib/console/console-session.ts';

/** The staff page (issue 27): admins only, as its route declares; others are told so. */
export const Route = createFileRoute('/admin/_console/staff')({
  loader: ({ context }) =>
    roleCanCall(adminStaffList)
      ? context.queryClient.ensureInfiniteQueryData(pagedListOptions(staffList))
      : undefined,
  component: Staff,
});

function Staff() {
  const { t } = useTranslation('console-staff');
  return (
    <>
      <PageTitle title={t('title')} />
      {roleCanCall(adminStaffList) ? (
        <>
          <InviteForm />
          <StaffList />
        </>
      ) : (
        <p role="alert">{t('console-shell:role.needs', { role: t('console-shell:role.admin') })}</p>
      )}
    </>
  );
}
