import { useNavigate } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { AdminUserListItem } from '../../../../../shared/api/users.ts';
import { REFERRAL_TYPES, type ReferralType } from '../../../../../shared/identity/referral.ts';
import { FilterField } from '../../../components/console/list/FilterField.tsx';
import { ListTable } from '../../../components/console/list/ListTable.tsx';
import { identifier, kstTime, shownAs } from '../../../components/console/list/list-columns.tsx';
import { useListFilters } from '../../../components/console/list/list-filters.ts';
import { useRowSelection } from '../../../components/console/list/list-selection.ts';
import { Tooltip } from '../../../components/console/Tooltip.tsx';
import { codeLabel } from '../../../lib/labels/labels.ts';
import { hasUserFilter, useUserList } from '../api/get-user-list.ts';
import { UserName } from './UserName.tsx';

const column = createColumnHelper<AdminUserListItem>();

/** The filters of the user list, as the address keeps them. */
export type UserFilters = {
  uid?: string;
  name?: string;
  email?: string;
  referralType?: ReferralType;
};

/** The bulk pages that take the selected accounts. */
const BULK_PAGES = [
  { to: '/admin/bulk/usageCreate', label: 'bulk.usage' },
  { to: '/admin/bulk/directDepositCreate', label: 'bulk.deposit' },
  { to: '/admin/surveys/targetCreate', label: 'bulk.survey_targets' },
] as const;

/**
 * The user list (section 2, with issue 19's list habits): the filters always shown (uid, name, email,
 * referral type) apply as they are typed and live in the address; a name or an address without a full
 * match is matched as a prefix (and the list says so); the matching accounts a page at a time, a row
 * opening the detail; rows can be checked and handed to a bulk page; the list exports to CSV.
 */
export function UserList({
  filter,
  onFilter,
}: {
  filter: UserFilters;
  onFilter: (filter: UserFilters) => void;
}) {
  const { t } = useTranslation('console-users');
  const navigate = useNavigate();
  const list = useUserList(filter);
  const selection = useRowSelection();
  const columns = [
    column.accessor('name', {
      header: t('field.name'),
      cell: (info) => <UserName user={info.row.original} />,
    }),
    column.accessor('email', { header: t('field.email'), ...identifier }),
    column.accessor('emailVerified', {
      header: t('field.email_verified'),
      ...shownAs((verified: boolean) => (verified ? t('verified') : t('unverified')), 'code'),
    }),
    column.accessor('created', { header: t('field.created'), ...kstTime() }),
    column.accessor('lastAccessed', { header: t('field.last_accessed'), ...kstTime() }),
    column.accessor('lastUse', {
      header: () => (
        <Tooltip content={t('list.last_use_hint')}>
          <span className="console-hinted">{t('field.last_use')}</span>
        </Tooltip>
      ),
      ...kstTime(),
      meta: { ...kstTime().meta, label: t('field.last_use') },
    }),
  ];
  return (
    <>
      <UserFilterFields filter={filter} onFilter={onFilter} />
      {hasUserFilter(filter) ? (
        <>
          {list.firstPage?.partial ? (
            <p className="console-hint" role="status">
              {t('console-lists:filter.partial')}
            </p>
          ) : null}
          <ListTable
            list={list}
            columns={columns}
            caption={t('list.title')}
            exportName="users"
            getRowId={(user) => user.uid}
            rowLabel={(user) => `${user.name} ${user.email}`}
            onRowClick={(user) => navigate({ to: '/admin/users/$id/show', params: { id: user.uid } })}
            selection={selection}
            bulkActions={BULK_PAGES.map((page) => ({
              label: t(`console-lists:${page.label}`),
              run: (ids) => navigate({ to: page.to, state: { selectedAccounts: [...ids] } }),
            }))}
          />
        </>
      ) : (
        <p className="console-hint">{t('list.give_filter')}</p>
      )}
    </>
  );
}

function UserFilterFields({
  filter,
  onFilter,
}: {
  filter: UserFilters;
  onFilter: (filter: UserFilters) => void;
}) {
  const { t } = useTranslation('console-users');
  const filters = useListFilters(filter, onFilter);
  return (
    <form className="console-card console-filters" aria-label={t('list.filters')}>
      {(['uid', 'name', 'email'] as const).map((name) => (
        <FilterField key={name} filters={filters} name={name} label={t(`field.${name}`)} />
      ))}
      <div className="console-field">
        <label htmlFor="user-filter-referral">{t('field.referral_type')}</label>
        <select
          id="user-filter-referral"
          value={filters.draft.referralType ?? ''}
          onChange={(event) => filters.change('referralType', event.target.value as ReferralType)}
        >
          <option value="">{t('list.any')}</option>
          {REFERRAL_TYPES.map((type) => (
            <option key={type} value={type}>
              {codeLabel(t, 'referralType', type)}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
