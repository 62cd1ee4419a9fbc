import { normalizeEmail } from '../../../shared/identity/account-rules.ts';
import { Conflict, NotFound } from '../errors.ts';
import { BATCH_GET_CONCURRENCY, batchGet } from './batch-get.ts';
import { tableService } from './client.ts';
import { ProviderLink, UserEmail, User as UserEntity, type UserItem } from './entities/user.ts';
import { UserActivity } from './entities/user-activity.ts';
import { keyTime } from './key-times.ts';
import { type PagedQuery, pagedQuery, pageOptions } from './list-page.ts';
import { nameSearchKey, searchShard } from './search-keys.ts';
import { isConditionFailure } from './transaction.ts';
import { type AdminActivity, activityCommit } from './user-activity-repository.ts';

const db = tableService({
  user: UserEntity,
  userActivity: UserActivity,
  userEmail: UserEmail,
  providerLink: ProviderLink,
});

export type User = UserItem;
type SearchKeys = 'emailKey' | 'nameKey' | 'nameShard' | 'emailShard' | 'referralSince';
export type NewUser = Omit<UserItem, SearchKeys | 'deleted' | 'emailVerified' | 'isMinor'> &
  Partial<Pick<UserItem, 'emailVerified' | 'isMinor'>>;

/** A Kakao or Naver identity: the provider and its stable id for the person. */
export interface ProviderIdentity {
  provider: 'kakao.com' | 'naver.com';
  sub: string;
}

/** The account attribute that records an identity of each linked provider. */
export const SUB_ATTRIBUTE = { 'kakao.com': 'kakaoSub', 'naver.com': 'naverSub' } as const;

/**
 * Creates an account; an address already in use (in any letter case) is a Conflict. An account an
 * operator creates carries the operator's activity, and an account a provider's identity creates its
 * link (an identity linked already is a Conflict too), written in the same transaction.
 */
export async function createUser(
  input: NewUser,
  activity?: AdminActivity,
  identity?: ProviderIdentity,
): Promise<User> {
  const item = userItemOf(input);
  const { emailKey } = item;
  const { canceled } = await db()
    .transaction.write((entities) => [
      entities.userEmail.create({ emailKey, uid: input.uid }).commit(),
      entities.user.create(item).commit(),
      ...(activity ? [activityCommit(entities, activity)] : []),
      ...(identity
        ? [entities.providerLink.create({ ...identity, uid: input.uid, linkedAt: input.created }).commit()]
        : []),
    ])
    .go();
  if (canceled) throw new Conflict(`An account with the address ${emailKey} or this identity exists`);
  const created = await getUser(input.uid);
  if (!created) throw new NotFound(`User ${input.uid}`);
  return created;
}

/** A new account's item: its search keys derived from its name and address. */
export function userItemOf(input: NewUser) {
  const emailKey = normalizeEmail(input.email);
  const nameKey = nameSearchKey(input.name);
  return {
    ...input,
    emailKey,
    emailShard: searchShard(emailKey),
    nameKey,
    nameShard: searchShard(nameKey),
    ...(input.referralType ? { referralSince: input.created } : {}),
  };
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

/** An account named by uid, or by e-mail when the name is an address (the bulk jobs' items). */
export function findUserByUidOrEmail(id: string): Promise<User | undefined> {
  return id.includes('@') ? findUserByEmail(id) : getUser(id);
}

/**
 * The accounts of many names (uids, or e-mails when the name is an address), by name: the e-mails'
 * items and the uids' accounts in one BatchGet, then the accounts the e-mails point to in another.
 */
export async function findUsersByUidOrEmail(ids: readonly string[]): Promise<Map<string, User>> {
  const emails = ids.filter((id) => id.includes('@'));
  const uids = ids.filter((id) => !id.includes('@'));
  const [byUid, emailItems] = await Promise.all([
    getUsers(uids),
    batchGet(
      [...new Set(emails.map(normalizeEmail))].map((emailKey) => ({ emailKey })),
      (keys) => db().entities.userEmail.get(keys).go({ concurrency: BATCH_GET_CONCURRENCY }),
    ),
  ]);
  const uidOfEmail = new Map(emailItems.map((item) => [item.emailKey, item.uid]));
  const byEmailUid = await getUsers([...uidOfEmail.values()]);
  const found = new Map<string, User>();
  for (const id of ids) {
    const user = id.includes('@') ? byEmailUid.get(uidOfEmail.get(normalizeEmail(id)) ?? '') : byUid.get(id);
    if (user) found.set(id, user);
  }
  return found;
}

async function getUsers(uids: readonly string[]): Promise<Map<string, User>> {
  const users = await batchGet(
    [...new Set(uids)].map((uid) => ({ uid })),
    (keys) => db().entities.user.get(keys).go({ concurrency: BATCH_GET_CONCURRENCY }),
  );
  return new Map(users.map((user) => [user.uid, user]));
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
    | 'kakaoSub'
    | 'naverSub'
  >
>;

/** The account a Kakao or Naver identity is linked to (deleted or not: the caller decides). */
export async function findUserByProvider(identity: ProviderIdentity): Promise<User | undefined> {
  const { data } = await db().entities.providerLink.get(identity).go({ consistent: true });
  return data ? getUser(data.uid) : undefined;
}

/**
 * Links an identity to an account, with the account's changes, in one transaction. The identity must be
 * linked to no account, or to `replacing` (a deleted account's link, which counts as none); false when
 * another account took it meanwhile.
 */
export async function linkProvider(
  uid: string,
  identity: ProviderIdentity,
  changes: UserChanges,
  options: { at: number; replacing?: string | undefined },
): Promise<boolean> {
  const { canceled } = await db()
    .transaction.write((entities) => [
      entities.user
        .patch({ uid })
        .set({ ...changes, [SUB_ATTRIBUTE[identity.provider]]: identity.sub })
        .commit(),
      entities.providerLink
        .put({ ...identity, uid, linkedAt: options.at })
        .where((attr, op) =>
          options.replacing
            ? `${op.notExists(attr.uid)} OR ${op.eq(attr.uid, options.replacing)}`
            : op.notExists(attr.uid),
        )
        .commit(),
    ])
    .go();
  return !canceled;
}

/**
 * Takes identities off an account that never proved its address, once a provider proved it: whoever
 * linked them claimed an address that was not theirs to claim. Their links go with them.
 */
export async function unlinkProviders(uid: string, identities: readonly ProviderIdentity[]): Promise<void> {
  if (!identities.length) return;
  await db()
    .transaction.write((entities) => [
      entities.user
        .patch({ uid })
        .remove(identities.map((identity) => SUB_ATTRIBUTE[identity.provider]))
        .commit(),
      ...identities.map((identity) =>
        entities.providerLink
          .delete(identity)
          .where((attr, op) => op.eq(attr.uid, uid))
          .commit(),
      ),
    ])
    .go();
}

/** Changes an existing account (never creates one). */
export async function updateUser(uid: string, changes: UserChanges): Promise<void> {
  await db().entities.user.patch({ uid }).set(changes).go();
}

/**
 * Takes the turn to mail an account its verification links at `now`, if the last mail went out at
 * `lastSentBefore` or earlier (or never): a conditional write, so of concurrent callers one wins.
 * Answers the time of the mail before, to give the turn back if the mail cannot go out.
 */
export async function claimVerificationMail(
  uid: string,
  now: number,
  lastSentBefore: number,
): Promise<{ claimed: true; previous: number | undefined } | { claimed: false }> {
  try {
    const { data } = await db()
      .entities.user.patch({ uid })
      .set({ verificationMailAt: now })
      .where(
        ({ verificationMailAt }, { notExists, lte }) =>
          `${notExists(verificationMailAt)} OR ${lte(verificationMailAt, lastSentBefore)}`,
      )
      .go({ response: 'all_old' });
    return { claimed: true, previous: (data as Partial<User>).verificationMailAt };
  } catch (error) {
    if (isConditionFailure(error)) return { claimed: false };
    throw error;
  }
}

/** Gives back a verification mail turn taken at `claimedAt` whose mail did not go out. */
export async function releaseVerificationMail(
  uid: string,
  claimedAt: number,
  previous: number | undefined,
): Promise<void> {
  try {
    await db()
      .entities.user.patch({ uid })
      .set({ verificationMailAt: previous ?? 0 })
      .where(({ verificationMailAt }, { eq }) => eq(verificationMailAt, claimedAt))
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** Marks an account's e-mail verified by an operator, with the operator's activity, in one transaction. */
export async function verifyEmailByOperator(uid: string, activity: AdminActivity): Promise<void> {
  await db()
    .transaction.write((entities) => [
      entities.user.patch({ uid }).set({ emailVerified: true }).commit(),
      activityCommit(entities, activity),
    ])
    .go();
}

/** Removes the password of an account (it then signs in with Google only). */
export async function clearPassword(uid: string): Promise<void> {
  await db().entities.user.patch({ uid }).remove(['passwordHash']).go();
}

export type UserSearch =
  | { by: 'namePrefix' | 'nameExact'; key: string }
  | { by: 'emailPrefix'; key: string }
  | { by: 'referralType'; referralType: string };

/** One indexed search of the console's user list, read a page at a time (list-page.ts): never a scan. */
export function userSearchQuery(search: UserSearch): PagedQuery<User> {
  const { user } = db().entities;
  if (search.by === 'referralType')
    return pagedQuery(user, 'byReferralType', (page) =>
      user.query
        .byReferralType({ referralType: search.referralType })
        .go({ ...pageOptions(page), order: 'desc' }),
    );
  if (search.by === 'emailPrefix')
    return pagedQuery(user, 'byEmailPrefix', (page) =>
      user.query
        .byEmailPrefix({ emailShard: searchShard(search.key) })
        .begins({ emailKey: search.key })
        .go(pageOptions(page)),
    );
  // A name given in full matches up to the uid separator; a prefix matches any continuation.
  return pagedQuery(user, 'byNamePrefix', (page) =>
    (search.by === 'nameExact'
      ? user.query.byNamePrefix({ nameShard: searchShard(search.key), nameKey: search.key })
      : user.query.byNamePrefix({ nameShard: searchShard(search.key) }).begins({ nameKey: search.key })
    ).go(pageOptions(page)),
  );
}

/** The accounts of a referral type that signed up in [fromMs, toMs): a range of the sparse referral index. */
export async function listUsersByReferral(
  referralType: string,
  fromMs: number,
  toMs: number,
): Promise<User[]> {
  const { data } = await db()
    .entities.user.query.byReferralType({ referralType })
    .between({ referralSince: keyTime(fromMs) }, { referralSince: keyTime(Math.max(fromMs, toMs - 1)) })
    .go({ pages: 'all' });
  return data;
}
