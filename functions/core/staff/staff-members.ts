import { randomUUID } from 'node:crypto';
import type { ListPageRequest } from '../../../shared/api/list-page.ts';
import type { StaffMemberView } from '../../../shared/api/staff.ts';
import { normalizeEmail } from '../../../shared/identity/account-rules.ts';
import type { SiteLanguage } from '../../../shared/languages.ts';
import type { StaffRole } from '../../../shared/staff/staff-roles.ts';
import { sendMail } from '../adapters/mail.ts';
import { noteAuditChange } from '../audit/audit-notes.ts';
import { type CallFacts, recordStaffEvent } from '../audit/audit-recorder.ts';
import { nowMs } from '../clock.ts';
import { readPage } from '../data/list-page.ts';
import {
  acceptStaffInvitation,
  activeAdminCount,
  changeStaffMember,
  createStaffAccount,
  getStaffMember,
  resetSecondFactor,
  type StaffMember,
  staffList,
} from '../data/staff-repository.ts';
import { findUserByEmail } from '../data/user-repository.ts';
import { AdminError, IdentityError } from '../errors.ts';
import { signLinkToken, verifyLinkToken } from '../identity/id-token.ts';
import { hashPassword } from '../identity/password.ts';
import type { StaffCaller } from '../pipeline.ts';
import { settings } from '../settings.ts';
import { invitationMail } from './invitation-mail.ts';
import { signTicket } from './second-factor.ts';

/** An invitation's link is good for 7 days (and once: it sets the password of an invited member only). */
const INVITATION_TTL_SECONDS = 7 * 24 * 3600;

/** A member as the staff page shows them: never a secret, a hash or a pending secret. */
export function staffView(member: StaffMember): StaffMemberView {
  return {
    uid: member.uid,
    email: member.email,
    role: member.role,
    status: member.status,
    created: member.created,
    ...(member.invitedByEmail ? { invitedByEmail: member.invitedByEmail } : {}),
    enrolled: Boolean(member.totpSecret),
    recoveryCodesLeft: member.recoveryCodeHashes?.length ?? 0,
  };
}

/** What the audit trail keeps of a member's state (before and after a change). */
const recorded = (member: Pick<StaffMember, 'email' | 'role' | 'status'> & { enrolled?: boolean }) => ({
  email: member.email,
  role: member.role,
  status: member.status,
  ...(member.enrolled === undefined ? {} : { enrolled: member.enrolled }),
});

/** A page of the staff, and how many active admins there are (the page offers no change that takes the last). */
export async function listStaff(request: ListPageRequest) {
  const [page, activeAdmins] = await Promise.all([
    readPage('staff', [staffList()], request),
    activeAdminCount(),
  ]);
  return { staff: page.rows.map(staffView), cursor: page.cursor, activeAdmins };
}

async function memberOrRefuse(uid: string): Promise<StaffMember> {
  const member = await getStaffMember(uid);
  if (!member) throw new AdminError('not_found', 'console-staff:refusal.not_staff');
  return member;
}

async function mailInvitation(member: StaffMember, language: SiteLanguage, inviter: string): Promise<void> {
  const token = await signLinkToken('staff-invitation', member.uid, {}, INVITATION_TTL_SECONDS);
  const link = `${settings.siteUrl}/admin/invitation?token=${encodeURIComponent(token)}`;
  await sendMail({ to: member.email, ...invitationMail(language, { inviter, role: member.role, link }) });
}

/**
 * Invites a colleague: an account without a password (its address unverified until the link is used) and
 * an invited member of staff, in one transaction, then the mail. An address whose invitation is still open
 * gets a new link (with the role now asked); any other account's address is refused: staff accounts are
 * made for the staff, never taken over from a customer.
 */
export async function inviteStaff(
  input: { email: string; role: StaffRole; language: SiteLanguage },
  by: StaffCaller,
): Promise<StaffMemberView> {
  const email = normalizeEmail(input.email);
  const account = await findUserByEmail(email);
  const open = account ? await getStaffMember(account.uid) : undefined;
  if (account && open?.status !== 'invited')
    throw new AdminError('conflict', 'console-staff:refusal.account_exists');
  if (open) {
    noteAuditChange({
      targetId: open.uid,
      before: recorded(open),
      after: recorded({ ...open, role: input.role }),
    });
    if (
      open.role !== input.role &&
      (await changeStaffMember(open, { role: input.role, status: 'invited' })) !== 'changed'
    )
      throw new AdminError('conflict', 'console-staff:refusal.changed_meanwhile');
    const member = { ...open, role: input.role };
    await mailInvitation(member, input.language, by.email);
    return staffView(member);
  }
  const now = nowMs();
  const member: StaffMember = {
    uid: randomUUID(),
    email,
    role: input.role,
    status: 'invited',
    created: now,
    invitedByEmail: by.email,
    sessionsEndedAt: 0,
  };
  noteAuditChange({ targetId: member.uid, after: recorded(member) });
  await createStaffAccount(
    {
      uid: member.uid,
      name: email.slice(0, email.indexOf('@')).slice(0, 50) || email,
      email,
      providers: ['password'],
      uiLanguage: input.language,
      clientType: 'console',
      adminLevel: 1,
      created: now,
      credentialsChangedAt: now,
    },
    member,
  );
  await mailInvitation(member, input.language, by.email);
  return staffView(member);
}

/** The invitation's link: the invitee's password, once, and the ticket of their enrolment. */
export async function acceptInvitation(input: { token: string; password: string }, facts: CallFacts) {
  const check = await verifyLinkToken('staff-invitation', input.token);
  if (!check.ok)
    throw new IdentityError(
      check.reason === 'expired' ? 'TOKEN_EXPIRED' : 'INVALID_ID_TOKEN',
      'Ask for a new invitation',
    );
  const member = await getStaffMember(check.uid);
  if (member?.status !== 'invited')
    throw new IdentityError('INVALID_ID_TOKEN', 'This invitation was used already');
  const accepted = await acceptStaffInvitation(member, {
    passwordHash: await hashPassword(input.password),
    now: nowMs(),
  });
  if (!accepted) throw new IdentityError('INVALID_ID_TOKEN', 'This invitation was used already');
  await recordStaffEvent(
    'invitationAccepted',
    { uid: member.uid, email: member.email, role: member.role },
    facts,
  );
  return { step: 'enrol' as const, ticket: await signTicket(member.uid) };
}

/**
 * Changes a member's role, or disables or enables them (disabling ends their sessions at once: the gate
 * and the refresh refuse tokens and sessions begun before). The last active admin stays (conflict).
 */
export async function updateStaff(input: {
  uid: string;
  role?: StaffRole | undefined;
  enabled?: boolean | undefined;
}): Promise<StaffMemberView> {
  const member = await memberOrRefuse(input.uid);
  if (member.status === 'invited' && input.enabled !== undefined)
    throw new AdminError('conflict', 'console-staff:refusal.invited_enable');
  const status = input.enabled === undefined ? member.status : input.enabled ? 'active' : 'disabled';
  const role = input.role ?? member.role;
  const disabling = member.status !== 'disabled' && status === 'disabled';
  noteAuditChange({
    targetId: member.uid,
    before: recorded(member),
    after: recorded({ ...member, role, status }),
  });
  const outcome = await changeStaffMember(member, {
    role,
    status,
    ...(disabling ? { sessionsEndedAt: nowMs() } : {}),
  });
  // The console shows messages by their i18n keys (web/src/lib/console/error-text.ts).
  if (outcome === 'last-admin') throw new AdminError('conflict', 'console-staff:refusal.last_admin');
  if (outcome === 'changed-meanwhile')
    throw new AdminError('conflict', 'console-staff:refusal.changed_meanwhile');
  return staffView({ ...member, role, status });
}

/** Forgets a colleague's second factor (a lost phone): their sessions end, the next sign-in enrols again. */
export async function resetStaffSecondFactor(uid: string): Promise<StaffMemberView> {
  const member = await memberOrRefuse(uid);
  noteAuditChange({
    targetId: member.uid,
    before: recorded({ ...member, enrolled: Boolean(member.totpSecret) }),
    after: recorded({ ...member, enrolled: false }),
  });
  await resetSecondFactor(uid, nowMs());
  const { totpSecret: _secret, recoveryCodeHashes: _codes, ...rest } = member;
  return staffView(rest);
}
