import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ErrorNote } from '../../../../components/console/ErrorNote.tsx';
import { PageTitle } from '../../../../components/console/PageTitle.tsx';
import { ScheduleForm } from '../../../../features/console-schedules/components/ScheduleForm.tsx';
import { newScheduleForm } from '../../../../features/console-schedules/components/schedule-form-values.ts';
import { useUserInfo } from '../../../../features/console-users/api/get-user-info.ts';
import { UserBreadcrumb } from '../../../../features/console-users/components/UserBreadcrumb.tsx';
import { searchParams, searchText } from '../../../../lib/search-params.ts';

/**
 * schedule/create?uid (the specification's userName and userEmail may come along, and are not read):
 * the query only picks the account; its name and e-mail are the account's own, as the server takes
 * them. Without a uid there is nobody to deposit for ('uid is undefined').
 */
export const Route = createFileRoute('/admin/_console/schedule/create')({
  validateSearch: searchParams({ uid: searchText(254) }),
  component: ScheduleCreate,
});

function ScheduleCreate() {
  const { t } = useTranslation('console-schedules');
  const { uid } = Route.useSearch();
  return (
    <>
      <PageTitle title={t('create')} />
      {uid ? (
        <ScheduleFor uid={uid} />
      ) : (
        <p role="alert" className="console-error">
          {t('uid_undefined')}
        </p>
      )}
    </>
  );
}

function ScheduleFor({ uid }: { uid: string }) {
  const info = useUserInfo(uid);
  const account = info.data?.user;
  if (!account) return <ErrorNote error={info.error} />;
  return (
    <>
      <UserBreadcrumb uid={uid} name={account.name} />
      <ScheduleForm
        initial={newScheduleForm({ uid, userName: account.name, userEmail: account.email }, Date.now())}
      />
    </>
  );
}
