import { useTranslation } from 'react-i18next';
import type { AdminUserListItem } from '../../../../../shared/api/users.ts';
import { formatKst, KST_DATE } from '../../../../../shared/time/kst.ts';

/**
 * A name as the list shows it: a deleted account's struck through (section 2), its pseudonym replaced by
 * what it is, with the day it was deleted.
 */
export function UserName({ user }: { user: Pick<AdminUserListItem, 'name' | 'deleted' | 'deletedAt'> }) {
  const { t } = useTranslation('console-users');
  if (!user.deleted) return <>{user.name}</>;
  return (
    <>
      <span className="console-deleted">{t('list.deleted_name')}</span>{' '}
      {user.deletedAt ? t('list.deleted_on', { date: formatKst(user.deletedAt, KST_DATE) }) : null}
    </>
  );
}
