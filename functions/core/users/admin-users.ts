import { SIGN_IN_PROVIDERS } from '../../../shared/api/identity.ts';
import type { ListPageRequest } from '../../../shared/api/list-page.ts';
import type { AdminUserDetail, AdminUserListItem, UserListFilter } from '../../../shared/api/users.ts';
import { normalizeEmail } from '../../../shared/identity/account-rules.ts';
import type { AdminUserCreateInfo } from '../../../shared/users/admin-user-rules.ts';
import { nowMs } from '../clock.ts';
import { fullThenPrefix, type Page, readPage } from '../data/list-page.ts';
import { nameSearchKey } from '../data/search-keys.ts';
import type { AdminActivity, Operator } from '../data/user-activity-repository.ts';
import {
  createUser,
  findUserByEmail,
  getUser,
  type User,
  type UserSearch,
  userSearchQuery,
} from '../data/user-repository.ts';
import { AdminError, Conflict } from '../errors.ts';
import { hashPassword } from '../identity/password.ts';

/**
 * The console's user search: the most selective filter given picks one index query (uid, then
 * e-mail, then name, then referral type), read a page at a time, and the others are applied to its
 * rows. Name and e-mail match in full first; when nothing matches in full they match as prefixes
 * (`partial` in the answer), as they do when the request asks for it.
 */
export async function findUsersForConsole(
  request: UserListFilter & ListPageRequest,
): Promise<{ users: AdminUserListItem[]; partial: boolean; cursor: string | null }> {
  const filter = {
    uid: request.uid?.trim(),
    email: request.email?.trim() ? normalizeEmail(request.email) : '',
    name: request.name?.trim() ? nameSearchKey(request.name) : '',
    referralType: request.referralType || '',
  };
  const found = await fullThenPrefix(
    'users',
    request,
    Boolean(filter.email || filter.name),
    (partial, list) => searchUsers(filter, partial, list, request),
  );
  return { users: found.rows.map(toListItem), partial: found.partial, cursor: found.cursor };
}

type UserFilter = { uid: string | undefined; email: string; name: string; referralType: string };

async function searchUsers(
  filter: UserFilter,
  partial: boolean,
  list: string,
  page: ListPageRequest,
): Promise<Page<User>> {
  const keep = (user: User) => matchesUserFilter(user, { ...filter, partial });
  if (filter.uid) return oneUser(await getUser(filter.uid), keep);
  if (filter.email && !partial) return oneUser(await findUserByEmail(filter.email), keep);
  const search: UserSearch | undefined = filter.email
    ? { by: 'emailPrefix', key: filter.email }
    : filter.name
      ? { by: partial ? 'namePrefix' : 'nameExact', key: filter.name }
      : filter.referralType
        ? { by: 'referralType', referralType: filter.referralType }
        : undefined;
  if (!search) return { rows: [], cursor: null };
  return readPage(list, [userSearchQuery(search)], page, keep);
}

function oneUser(user: User | undefined, keep: (user: User) => boolean): Page<User> {
  return { rows: user && keep(user) ? [user] : [], cursor: null };
}

/** Whether an account matches every filter given (normalised as the indexes are). */
export function matchesUserFilter(
  user: Pick<User, 'uid' | 'email' | 'name' | 'referralType'>,
  filter: { uid: string | undefined; email: string; name: string; referralType: string; partial: boolean },
): boolean {
  const emailKey = normalizeEmail(user.email);
  const nameKey = nameSearchKey(user.name);
  const matches = (value: string, wanted: string) =>
    filter.partial ? value.startsWith(wanted) : value === wanted;
  return (
    (!filter.uid || user.uid === filter.uid) &&
    (!filter.email || matches(emailKey, filter.email)) &&
    (!filter.name || matches(nameKey, filter.name)) &&
    (!filter.referralType || user.referralType === filter.referralType)
  );
}

function toListItem(user: User): AdminUserListItem {
  return {
    uid: user.uid,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    deleted: user.deleted,
    ...(user.deletedAt ? { deletedAt: user.deletedAt } : {}),
    created: user.created,
    ...(user.lastAccessed ? { lastAccessed: user.lastAccessed } : {}),
    ...(user.lastUse ? { lastUse: user.lastUse } : {}),
  };
}

export function toUserDetail(user: User): AdminUserDetail {
  const optional = <K extends keyof User>(...keys: K[]) =>
    Object.fromEntries(
      keys.filter((key) => user[key] !== undefined && user[key] !== '').map((key) => [key, user[key]]),
    );
  const utm = Object.fromEntries(Object.entries(user.utmParams ?? {}).filter(([, value]) => Boolean(value)));
  return {
    ...toListItem(user),
    providers: user.providers.filter((provider): provider is AdminUserDetail['providers'][number] =>
      (SIGN_IN_PROVIDERS as readonly string[]).includes(provider),
    ),
    ...optional(
      'assistEmail',
      'referralType',
      'referralCode',
      'country',
      'region',
      'city',
      'timezone',
      'adminLevel',
    ),
    ...(Object.keys(utm).length ? { utmParams: utm } : {}),
    uiLanguage: user.uiLanguage,
    clientType: user.clientType,
    isMinor: user.isMinor,
  };
}

/**
 * Creates an account for a customer, as an operator. The account is verified (the operator vouches
 * for the address, and hands the password over; no mail goes out), its client type is the console's,
 * and the operator's activity is written in the same transaction. `uid` is given by a bulk job (so a
 * redelivered row finds its own account); an address in use is a Conflict.
 */
export async function createUserByOperator(
  info: AdminUserCreateInfo,
  context: { operator: Operator; desc: string; action: AdminActivity['action']; uid: string },
): Promise<User> {
  const now = nowMs();
  return createUser(
    {
      uid: context.uid,
      name: info.name,
      email: info.email,
      emailVerified: true,
      passwordHash: await hashPassword(info.password),
      providers: ['password'],
      uiLanguage: info.language,
      clientType: 'console',
      ...(info.assistEmail ? { assistEmail: info.assistEmail } : {}),
      ...(info.referralType ? { referralType: info.referralType, referralCode: info.referralCode } : {}),
      created: now,
      credentialsChangedAt: now,
    },
    { uid: context.uid, action: context.action, desc: context.desc, operator: context.operator },
  );
}

/** An i18n key: the console shows it in the operator's language (a bulk row's reason too). */
export const EMAIL_IN_USE = 'console-users:refusal.email_in_use';

/** createUserByOperator for the single create form: a taken address is the admin conflict error. */
export async function createOneUser(
  info: AdminUserCreateInfo,
  operator: Operator,
  uid: string,
): Promise<User> {
  if (await findUserByEmail(info.email)) throw new AdminError('conflict', EMAIL_IN_USE);
  try {
    return await createUserByOperator(info, {
      operator,
      uid,
      action: 'user.create',
      // The action's label says what happened, in the operator's language; the desc keeps only the fact
      // (the address the account was made for), never a sentence in one language.
      desc: info.assistEmail ?? '',
    });
  } catch (error) {
    if (error instanceof Conflict) throw new AdminError('conflict', EMAIL_IN_USE);
    throw error;
  }
}
