import { useNavigate } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUserListItem, UserListFilter } from '../../../../../shared/api/admin-users.ts';
import { REFERRAL_TYPES } from '../../../../../shared/identity/referral.ts';
import { DataTable } from '../../../components/console/DataTable.tsx';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { KstTime } from '../../../components/console/KstTime.tsx';
import { Tooltip } from '../../../components/console/Tooltip.tsx';
import { useUserList } from '../api/get-user-list.ts';

const column = createColumnHelper<AdminUserListItem>();

/** Whether a filter names anything to search by (the list answers nothing without one). */
export function hasUserFilter(filter: UserListFilter): boolean {
  return Boolean(filter.uid || filter.name || filter.email || filter.referralType);
}

/**
 * The user list (section 2): the filters always shown (uid, name, email, partial match, referral
 * type), the matching accounts below without pages (virtualised), a row opening the detail.
 */
export function UserList({
  filter,
  onSearch,
}: {
  filter: UserListFilter;
  onSearch: (filter: UserListFilter) => void;
}) {
  const { t } = useTranslation('console-users');
  const navigate = useNavigate();
  const searching = hasUserFilter(filter);
  const list = useUserList(filter);
  const columns = [
    column.accessor('name', {
      header: () => t('field.name'),
      cell: (info) => (
        <span className={info.row.original.deleted ? 'console-deleted' : undefined}>{info.getValue()}</span>
      ),
    }),
    column.accessor('email', { header: () => t('field.email') }),
    column.accessor('emailVerified', {
      header: () => t('field.email_verified'),
      cell: (info) => (info.getValue() ? t('verified') : t('unverified')),
    }),
    column.accessor('created', {
      header: () => t('field.created'),
      cell: (info) => <KstTime ms={info.getValue()} />,
    }),
    column.accessor('lastAccessed', {
      header: () => t('field.last_accessed'),
      cell: (info) => <KstTime ms={info.getValue()} />,
    }),
    column.accessor('lastUse', {
      header: () => (
        <Tooltip content={t('list.last_use_hint')}>
          <span className="console-hinted">{t('field.last_use')}</span>
        </Tooltip>
      ),
      cell: (info) => <KstTime ms={info.getValue()} />,
    }),
  ];
  return (
    <>
      <UserFilters filter={filter} onSearch={onSearch} />
      <ErrorNote error={list.error} />
      {!searching ? <p className="console-hint">{t('list.give_filter')}</p> : null}
      {list.data?.truncated ? (
        <p className="console-hint">{t('list.truncated', { count: list.data.users.length })}</p>
      ) : null}
      {searching ? (
        <DataTable
          data={list.data?.users ?? []}
          columns={columns}
          caption={t('list.title')}
          getRowId={(user) => user.uid}
          rowLabel={(user) => `${user.name} ${user.email}`}
          onRowClick={(user) => navigate({ to: '/admin/users/$id/show', params: { id: user.uid } })}
        />
      ) : null}
    </>
  );
}

function UserFilters({
  filter,
  onSearch,
}: {
  filter: UserListFilter;
  onSearch: (filter: UserListFilter) => void;
}) {
  const { t } = useTranslation('console-users');
  const [draft, setDraft] = useState<UserListFilter>(filter);
  const text = (name: 'uid' | 'name' | 'email') => (
    <div className="console-field">
      <label htmlFor={`user-filter-${name}`}>{t(`field.${name}`)}</label>
      <input
        id={`user-filter-${name}`}
        value={draft[name] ?? ''}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
      />
    </div>
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(
      Object.fromEntries(Object.entries(draft).filter(([, value]) => value !== '' && value !== false)),
    );
  };
  return (
    <form className="console-card console-filters" onSubmit={submit} aria-label={t('list.filters')}>
      {text('uid')}
      {text('name')}
      {text('email')}
      <div className="console-field">
        <label htmlFor="user-filter-referral">{t('field.referral_type')}</label>
        <select
          id="user-filter-referral"
          value={draft.referralType ?? ''}
          onChange={(event) =>
            setDraft({ ...draft, referralType: event.target.value as UserListFilter['referralType'] })
          }
        >
          <option value="">{t('list.any')}</option>
          {REFERRAL_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </div>
      <label className="console-check">
        <input
          type="checkbox"
          checked={Boolean(draft.partial)}
          onChange={(event) => setDraft({ ...draft, partial: event.target.checked })}
        />
        {t('field.partial')}
      </label>
      <button type="submit" className="console-button">
        {t('list.search')}
      </button>
    </form>
  );
}
