import { useTranslation } from 'react-i18next';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { PageTitle } from '../../../components/console/PageTitle.tsx';
import { useUserInfo } from '../api/get-user-info.ts';
import { USER_DETAIL_SECTIONS } from './user-detail-sections.ts';

/** users/{id}/show: the account's sections, one after the other. */
export function UserDetail({ uid }: { uid: string }) {
  const { t } = useTranslation('console-users');
  const info = useUserInfo(uid);
  return (
    <>
      <PageTitle title={info.data ? t('detail.title', { name: info.data.user.name }) : t('detail.loading')} />
      <ErrorNote error={info.error} />
      {info.data
        ? USER_DETAIL_SECTIONS.map(({ id, Section }) => <Section key={id} info={info.data} />)
        : null}
    </>
  );
}
