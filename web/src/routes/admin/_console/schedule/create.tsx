import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../../components/console/PageTitle.tsx';
import { ScheduleForm } from '../../../../features/console-schedules/components/ScheduleForm.tsx';
import { newScheduleForm } from '../../../../features/console-schedules/components/schedule-form-values.ts';
import { searchParams, searchText } from '../../../../lib/search-params.ts';

const text = searchText(254);

export const Route = createFileRoute('/admin/_console/schedule/create')({
  validateSearch: searchParams({ uid: text, userName: text, userEmail: text }),
  component: ScheduleCreate,
});

/** schedule/create?uid&userName&userEmail: without a uid there is nobody to deposit for ('uid is undefined'). */
function ScheduleCreate() {
  const { t } = useTranslation('console-schedules');
  const { uid, userName, userEmail } = Route.useSearch();
  const [initial] = useState(() =>
    uid
      ? newScheduleForm({ uid, userName: userName ?? '', userEmail: userEmail ?? '' }, Date.now())
      : undefined,
  );
  return (
    <>
      <PageTitle title={t('create')} />
      {initial ? (
        <ScheduleForm initial={initial} />
      ) : (
        <p role="alert" className="console-error">
          {t('uid_undefined')}
        </p>
      )}
    </>
  );
}
