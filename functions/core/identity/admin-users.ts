import type { AdminUserDetail, AdminUserListItem, UserListFilter } from '../../../shared/api/admin-users.ts';
import { SIGN_IN_PROVIDERS } from '../../../shared/api/identity.ts';
import { normalizeEmail } from '../../../shared/identity/account-rules.ts';
import type { AdminUserCreateInfo } from '../../../shared/identity/admin-user-rules.ts';
import { nowMs } from '../clock.ts';
import { nameSearchKey } from '../data/search-keys.ts';
import type { AdminActivity, Operator } from '../data/user-activity-repository.ts';
import {
  createUser,
  findUserByEmail,
  getUser,
  searchUsers,
  type User,
  type UserSearch,
} from '../data/user-repository.ts';
import { AdminError, Conflict } from '../errors.ts';
import { hashPassword } from './password.ts';

/**
 * The console's user search: the most selective filter given picks one index query (uid, then
 * e-mail, then name, then referral type), and the others are applied to its rows.
 */
export async function findUsersForConsole(
  filter: UserListFilter,
): Promise<{ users: AdminUserListItem[]; truncated: boolean }> {
  const uid = filter.uid?.trim();
  const email = filter.email?.trim() ? normalizeEmail(filter.email) : '';
  const name = filter.name?.trim() ? nameSearchKey(filter.name) : '';
  const referralType = filter.referralType || '';
  const partial = Boolean(filter.partial);

  let found: { users: User[]; truncated: boolean };
  if (uid) {
    const user = await getUser(uid);
    found = { users: user ? [user] : [], truncated: false };
  } else if (email && !partial) {
    const user = await findUserByEmail(email);
    found = { users: user ? [user] : [], truncated: false };
  } else {
    const search: UserSearch | undefined = email
      ? { by: 'emailPrefix', key: email }
      : name
        ? { by: partial ? 'namePrefix' : 'nameExact', key: name }
        : referralType
          ? { by: 'referralType', referralType }
          : undefined;
    found = search ? await searchUsers(search) : { users: [], truncated: false };
  }
  const users = found.users.filter((user) =>
    matchesUserFilter(user, { uid, email, name, referralType, partial }),
  );
  return { users: users.map(toListItem), truncated: found.truncated };
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
      desc: info.assistEmail ? `created for ${info.assistEmail}` : 'created by an operator',
    });
  } catch (error) {
    if (error instanceof Conflict) throw new AdminError('conflict', EMAIL_IN_USE);
    throw error;
  }
}
