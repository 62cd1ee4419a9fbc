import type { StaffRole, StaffStatus } from '../../../shared/staff/staff-roles.ts';
import { Conflict } from '../errors.ts';
import { tableService } from './client.ts';
import {
  StaffAdminCount,
  StaffMember as StaffMemberEntity,
  type StaffMemberItem,
} from './entities/staff-member.ts';
import { User, UserEmail } from './entities/user.ts';
import { type PagedQuery, pagedQuery, pageOptions } from './list-page.ts';
import { conditionFailed, type ItemOutcomes, isConditionFailure } from './transaction.ts';
import { type NewUser, userItemOf } from './user-repository.ts';

const db = tableService({
  staffMember: StaffMemberEntity,
  staffAdminCount: StaffAdminCount,
  user: User,
  userEmail: UserEmail,
});

export type StaffMember = StaffMemberItem;

/** A staff member as it is now: read strongly consistent, since the pipeline decides on it at every admin call. */
export async function getStaffMember(uid: string): Promise<StaffMember | undefined> {
  const { data } = await db().entities.staffMember.get({ uid }).go({ consistent: true });
  return data ?? undefined;
}

/** Every member of staff in e-mail order, a page at a time. */
export function staffList(): PagedQuery<StaffMember> {
  const { staffMember } = db().entities;
  return pagedQuery(staffMember, 'byEmail', (page) => staffMember.query.byEmail({}).go(pageOptions(page)));
}

/** How many active admins there are now (the counter every change of one moves, read consistent). */
export async function activeAdminCount(): Promise<number> {
  const { data } = await db().entities.staffAdminCount.get({}).go({ consistent: true });
  return data?.count ?? 0;
}

/** The member of staff with this address (as stored: staff addresses are normalised when invited). */
export async function findStaffByEmail(email: string): Promise<StaffMember | undefined> {
  const { data } = await db().entities.staffMember.query.byEmail({}).begins({ email }).go({ limit: 10 });
  return data.find((member) => member.email === email);
}

/** The active admins counter's move in a transaction (entities/staff-member.ts StaffAdminCount). */
type Entities = Parameters<Parameters<ReturnType<typeof db>['transaction']['write']>[0]>[0];
function countMove({ staffAdminCount }: Pick<Entities, 'staffAdminCount'>, delta: 1 | -1) {
  return delta > 0
    ? staffAdminCount.update({}).add({ count: 1 }).commit()
    : staffAdminCount
        .update({})
        .subtract({ count: 1 })
        .where(({ count }, { gt }) => gt(count, 1))
        .commit();
}

/**
 * Creates an account that is a member of staff from the start, with the admins counter when it is an
 * active admin (the seeded operator). An address in use is a Conflict.
 */
export async function createStaffAccount(user: NewUser, member: StaffMember): Promise<void> {
  const item = userItemOf(user);
  const { canceled } = await db()
    .transaction.write((entities) => [
      entities.userEmail.create({ emailKey: item.emailKey, uid: item.uid }).commit(),
      entities.user.create(item).commit(),
      entities.staffMember.create(member).commit(),
      ...(member.role === 'admin' && member.status === 'active' ? [countMove(entities, 1)] : []),
    ])
    .go();
  if (canceled) throw new Conflict(`An account with the address ${item.emailKey} exists`);
}

/** Makes an existing account a member of staff (the seeded operator of a database made before staff existed). */
export async function addStaffMember(member: StaffMember): Promise<void> {
  await db()
    .transaction.write((entities) => [
      entities.staffMember.create(member).commit(),
      ...(member.role === 'admin' && member.status === 'active' ? [countMove(entities, 1)] : []),
    ])
    .go();
}

/** Makes an account's password its own and the invited member active (and counted, if an admin). */
export async function acceptStaffInvitation(
  member: Pick<StaffMember, 'uid' | 'role'>,
  account: { passwordHash: string; now: number },
): Promise<boolean> {
  const { canceled } = await db()
    .transaction.write((entities) => [
      entities.staffMember
        .patch({ uid: member.uid })
        .set({ status: 'active' })
        .where(({ status, role }, { eq }) => `${eq(status, 'invited')} AND ${eq(role, member.role)}`)
        .commit(),
      entities.user
        .patch({ uid: member.uid })
        .set({ passwordHash: account.passwordHash, emailVerified: true, credentialsChangedAt: account.now })
        .commit(),
      ...(member.role === 'admin' ? [countMove(entities, 1)] : []),
    ])
    .go();
  return !canceled;
}

export type StaffChangeOutcome = 'changed' | 'changed-meanwhile' | 'last-admin';

/**
 * Changes a member's role or state, provided it is still what the caller read (else 'changed-meanwhile'),
 * moving the active admins counter in the same transaction: taking away the last active admin is
 * refused ('last-admin'), however many such changes run at once.
 */
export async function changeStaffMember(
  read: Pick<StaffMember, 'uid' | 'role' | 'status'>,
  change: { role: StaffRole; status: StaffStatus; sessionsEndedAt?: number | undefined },
): Promise<StaffChangeOutcome> {
  const wasAdmin = read.role === 'admin' && read.status === 'active';
  const isAdmin = change.role === 'admin' && change.status === 'active';
  const move = wasAdmin === isAdmin ? undefined : isAdmin ? 1 : -1;
  const { canceled, data } = await db()
    .transaction.write((entities) => [
      entities.staffMember
        .patch({ uid: read.uid })
        .set({
          role: change.role,
          status: change.status,
          ...(change.sessionsEndedAt ? { sessionsEndedAt: change.sessionsEndedAt } : {}),
        })
        .where(({ role, status }, { eq }) => `${eq(role, read.role)} AND ${eq(status, read.status)}`)
        .commit(),
      ...(move ? [countMove(entities, move)] : []),
    ])
    .go();
  if (!canceled) return 'changed';
  const outcomes = data as ItemOutcomes;
  if (move === -1 && conditionFailed(outcomes, 1) && !conditionFailed(outcomes, 0)) return 'last-admin';
  return 'changed-meanwhile';
}

/** Forgets a member's second factor (an admin's reset): the next sign-in enrols again; sessions end now. */
export async function resetSecondFactor(uid: string, now: number): Promise<void> {
  await db()
    .entities.staffMember.patch({ uid })
    .set({ sessionsEndedAt: now })
    .remove(['totpSecret', 'totpPendingSecret', 'totpEnrolledAt', 'recoveryCodeHashes'])
    .go();
}

/** Keeps a secret shown for enrolment, while the member has none confirmed. */
export async function setPendingTotpSecret(uid: string, secret: string): Promise<boolean> {
  return conditional(
    db()
      .entities.staffMember.patch({ uid })
      .set({ totpPendingSecret: secret })
      .where(({ totpSecret }, { notExists }) => notExists(totpSecret))
      .go(),
  );
}

/** Confirms the pending secret (the code of `step` matched it) with the recovery codes' hashes. */
export async function confirmTotpSecret(
  uid: string,
  confirmed: { secret: string; step: number; recoveryCodeHashes: string[]; now: number },
): Promise<boolean> {
  return conditional(
    db()
      .entities.staffMember.patch({ uid })
      .set({
        totpSecret: confirmed.secret,
        totpEnrolledAt: confirmed.now,
        totpLastStep: confirmed.step,
        recoveryCodeHashes: confirmed.recoveryCodeHashes,
      })
      .remove(['totpPendingSecret'])
      .where(
        ({ totpSecret, totpPendingSecret }, { notExists, eq }) =>
          `${notExists(totpSecret)} AND ${eq(totpPendingSecret, confirmed.secret)}`,
      )
      .go(),
  );
}

/** Takes a TOTP step as used, if no later or equal step was: a code is good once (RFC 6238 section 5.2). */
export async function takeTotpStep(uid: string, step: number): Promise<boolean> {
  return conditional(
    db()
      .entities.staffMember.patch({ uid })
      .set({ totpLastStep: step })
      .where(
        ({ totpLastStep }, { notExists, lt }) => `${notExists(totpLastStep)} OR ${lt(totpLastStep, step)}`,
      )
      .go(),
  );
}

/** Spends a recovery code, once: the hash leaves the set only if it is still in it. */
export async function spendRecoveryCode(uid: string, hash: string): Promise<boolean> {
  return conditional(
    db()
      .entities.staffMember.patch({ uid })
      .delete({ recoveryCodeHashes: [hash] })
      .where(({ recoveryCodeHashes }, { contains }) => contains(recoveryCodeHashes, hash))
      .go(),
  );
}

async function conditional(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
