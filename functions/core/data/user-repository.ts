import { normalizeEmail } from '../../../shared/identity/account-rules.ts';
import { Conflict, NotFound } from '../errors.ts';
import type { UserItem } from './entities/user.ts';
import { db } from './service.ts';

export type User = UserItem;
export type NewUser = Omit<UserItem, 'emailKey' | 'deleted' | 'emailVerified' | 'isMinor'> &
  Partial<Pick<UserItem, 'emailVerified' | 'isMinor'>>;

/** Creates an account; an address already in use (in any letter case) is a Conflict. */
export async function createUser(input: NewUser): Promise<User> {
  const emailKey = normalizeEmail(input.email);
  const item = { ...input, emailKey };
  const { canceled } = await db()
    .transaction.write(({ user, userEmail }) => [
      userEmail.create({ emailKey, uid: input.uid }).commit(),
      user.create(item).commit(),
    ])
    .go();
  if (canceled) throw new Conflict(`An account with the address ${emailKey} exists`);
  const created = await getUser(input.uid);
  if (!created) throw new NotFound(`User ${input.uid}`);
  return created;
}

export async function getUser(uid: string): Promise<User | undefined> {
  const { data } = await db().entities.user.get({ uid }).go();
  return data ?? undefined;
}

/** The account of an address (compared in its normalised form): one key lookup, no scan. */
export async function findUserByEmail(email: string): Promise<User | undefined> {
  const { data } = await db()
    .entities.userEmail.get({ emailKey: normalizeEmail(email) })
    .go();
  return data ? getUser(data.uid) : undefined;
}

type UserChanges = Partial<
  Pick<
    UserItem,
    | 'emailVerified'
    | 'parentEmailVerified'
    | 'passwordHash'
    | 'lastAccessed'
    | 'credentialsChangedAt'
    | 'verificationMailAt'
    | 'providers'
    | 'googleSub'
  >
>;

/** Changes an existing account (never creates one). */
export async function updateUser(uid: string, changes: UserChanges): Promise<void> {
  await db().entities.user.patch({ uid }).set(changes).go();
}

/** Removes the password of an account (it then signs in with Google only). */
export async function clearPassword(uid: string): Promise<void> {
  await db().entities.user.patch({ uid }).remove(['passwordHash']).go();
}
