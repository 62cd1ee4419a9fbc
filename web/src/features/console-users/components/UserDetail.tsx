import { useTranslation } from 'react-i18next';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { PageTitle } from '../../../components/console/PageTitle.tsx';
import type { UserDetailSection } from '../../../lib/console/user-detail-section.ts';
import { useUserInfo } from '../api/get-user-info.ts';

/**
 * users/{id}/show: the account's sections (in the order the route gives), with an index that stays in
 * view and jumps to each (the page is long: an operator goes straight to the payments or the activities).
 */
export function UserDetail({ uid, sections }: { uid: string; sections: readonly UserDetailSection[] }) {
  const { t } = useTranslation('console-users');
  const info = useUserInfo(uid);
  return (
    <>
      <PageTitle title={info.data ? t('detail.title', { name: info.data.user.name }) : t('detail.loading')} />
      <ErrorNote error={info.error} />
      {info.data ? (
        <>
          <nav aria-label={t('detail.sections')} className="console-section-index">
            {sections.map(({ id, title }) => (
              <a key={id} href={`#section-${id}`}>
                {t(title)}
              </a>
            ))}
          </nav>
          {sections.map(({ id, Section }) => (
            <div key={id} id={`section-${id}`} className="console-anchor">
              <Section info={info.data} />
            </div>
          ))}
        </>
      ) : null}
    </>
  );
}
