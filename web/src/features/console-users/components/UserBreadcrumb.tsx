import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** Users › {the user}: the way back from every page about one account (issue 19, navigation). */
export function UserBreadcrumb({ uid, name }: { uid: string; name: string | undefined }) {
  const { t } = useTranslation('console-users');
  return (
    <nav aria-label={t('breadcrumb.label')} className="console-breadcrumb">
      <ol>
        <li>
          <Link to="/admin/users">{t('breadcrumb.users')}</Link>
        </li>
        <li>
          <Link to="/admin/users/$id/show" params={{ id: uid }} activeOptions={{ exact: true }}>
            {name ?? uid}
          </Link>
        </li>
      </ol>
    </nav>
  );
}
