import type { StaffSignInStep } from '../../../shared/api/staff.ts';
import { normalizeEmail } from '../../../shared/identity/account-rules.ts';
import { CONSOLE_CLIENT_TYPE } from '../../../shared/identity/client-types.ts';
import { type CallFacts, recordStaffEvent } from '../audit/audit-recorder.ts';
import { nowMs } from '../clock.ts';
import {
  confirmTotpSecret,
  getStaffMember,
  type StaffMember,
  setPendingTotpSecret,
  spendRecoveryCode,
  takeTotpStep,
} from '../data/staff-repository.ts';
import { getUser, updateUser } from '../data/user-repository.ts';
import { IdentityError } from '../errors.ts';
import { signLinkToken, verifyLinkToken } from '../identity/id-token.ts';
import { startSession } from '../identity/sessions.ts';
import { accountWithPassword, FAILURES } from '../identity/sign-in.ts';
import {
  clearAccountFailures,
  clearSecondFactorFailures,
  reserveSecondFactorAttempt,
  reserveSignInAttempt,
} from '../identity/sign-in-limits.ts';
import { countMetric } from '../observability.ts';
import { newRecoveryCodes, newTotpSecret, otpauthUri, recoveryCodeHash, stepOfCode } from './totp.ts';

/**
 * The console's sign-in (issue 27): the password answers a ticket, never a session; the ticket and a second
 * factor answer the session whose ID tokens carry `amr` otp, the only ones admin routes accept. Tickets are
 * link tokens of their own audience, valid five minutes, and die with the member's sessions (a reset or a
 * disabling ends both).
 */
const TICKET_TTL_SECONDS = 300;

export function signTicket(uid: string): Promise<string> {
  return signLinkToken('staff-second-factor', uid, {}, TICKET_TTL_SECONDS);
}

const staffOf = (member: StaffMember) => ({ uid: member.uid, email: member.email, role: member.role });

/** The active member a ticket names (or the refusal a stale ticket gets). */
async function memberOfTicket(ticket: string): Promise<StaffMember> {
  const check = await verifyLinkToken('staff-second-factor', ticket);
  if (!check.ok)
    throw new IdentityError(
      check.reason === 'expired' ? 'TOKEN_EXPIRED' : 'INVALID_ID_TOKEN',
      'Sign in again',
    );
  const member = await getStaffMember(check.uid);
  const issuedAt = typeof check.claims.iat === 'number' ? check.claims.iat : 0;
  if (member?.status !== 'active' || issuedAt < Math.floor(member.sessionsEndedAt / 1000))
    throw new IdentityError('INVALID_ID_TOKEN', 'Sign in again');
  return member;
}

/**
 * The password step: counted against the same limits as the site's sign-in (functions/core/identity/
 * sign-in-limits.ts), so the console is no way round them. A member of staff gets a ticket for the second
 * factor; any other account learns only that it is not staff (after its password matched).
 */
export async function staffPasswordStep(input: {
  email: string;
  password: string;
  clientAddress: string;
}): Promise<StaffSignInStep> {
  const now = nowMs();
  const emailKey = normalizeEmail(input.email);
  const attempt = await reserveSignInAttempt(emailKey, input.clientAddress, now);
  const user = await accountWithPassword(emailKey, input.password).catch(async (error: unknown) => {
    if (error instanceof IdentityError && FAILURES.has(error.code)) countMetric('signInFailed');
    else await attempt.release();
    throw error;
  });
  await attempt.release();
  await clearAccountFailures(emailKey, now);
  const member = await getStaffMember(user.uid);
  if (member?.status !== 'active') return { staff: false, disabled: member?.status === 'disabled' };
  return { staff: true, step: member.totpSecret ? 'verify' : 'enrol', ticket: await signTicket(member.uid) };
}

/** Enrolment: a new secret for the member's authenticator, kept pending until a code confirms it. */
export async function enrolmentSecret(ticket: string): Promise<{ secret: string; otpauthUri: string }> {
  const member = await memberOfTicket(ticket);
  const secret = newTotpSecret();
  if (member.totpSecret || !(await setPendingTotpSecret(member.uid, secret)))
    throw new IdentityError('INVALID_ID_TOKEN', 'A second factor is enrolled already: sign in with it');
  return { secret, otpauthUri: otpauthUri(secret, member.email) };
}

/**
 * Whether the second factor given is good, spending it: a TOTP code's step is taken once (a later request
 * with the same code, or an older one, is refused); a recovery code leaves the member's set; the first
 * code of an enrolment confirms the pending secret and answers the new recovery codes.
 */
async function spendSecondFactor(
  member: StaffMember,
  given: { code?: string | undefined; recoveryCode?: string | undefined },
  now: number,
): Promise<{ ok: false } | { ok: true; via: 'totp' | 'recovery' | 'enrolment'; recoveryCodes?: string[] }> {
  if (given.recoveryCode)
    return member.totpSecret && (await spendRecoveryCode(member.uid, recoveryCodeHash(given.recoveryCode)))
      ? { ok: true, via: 'recovery' }
      : { ok: false };
  const code = given.code ?? '';
  if (member.totpSecret) {
    const step = stepOfCode(member.totpSecret, code, now);
    return step !== undefined && (await takeTotpStep(member.uid, step))
      ? { ok: true, via: 'totp' }
      : { ok: false };
  }
  const pending = member.totpPendingSecret;
  const step = pending ? stepOfCode(pending, code, now) : undefined;
  if (!pending || step === undefined) return { ok: false };
  const recoveryCodes = newRecoveryCodes();
  const confirmed = await confirmTotpSecret(member.uid, {
    secret: pending,
    step,
    recoveryCodeHashes: recoveryCodes.map(recoveryCodeHash),
    now,
  });
  return confirmed ? { ok: true, via: 'enrolment', recoveryCodes } : { ok: false };
}

/**
 * The second step: the ticket and a code (or a recovery code) for the console session. Each try is counted
 * before the code is checked (5 wrong ones per member in 15 minutes, and the client address's sign-in
 * count), a wrong one is kept and recorded in the audit trail, a right one clears the member's count.
 */
export async function completeSecondFactor(
  input: { ticket: string; code?: string | undefined; recoveryCode?: string | undefined },
  facts: CallFacts,
) {
  const member = await memberOfTicket(input.ticket);
  const now = nowMs();
  const attempt = await reserveSecondFactorAttempt(member.uid, facts.sourceAddress, now);
  const spent = await spendSecondFactor(member, input, now).catch(async (error: unknown) => {
    await attempt.release();
    throw error;
  });
  if (!spent.ok) {
    await recordStaffEvent('secondFactorFailed', staffOf(member), facts, 'refused');
    throw new IdentityError('INVALID_SECOND_FACTOR', 'The code is not correct');
  }
  await attempt.release();
  await clearSecondFactorFailures(member.uid, now);
  if (spent.via === 'enrolment') await recordStaffEvent('secondFactorEnrolled', staffOf(member), facts);
  if (spent.via === 'recovery') await recordStaffEvent('recoveryCodeUsed', staffOf(member), facts);
  const user = await getUser(member.uid);
  if (!user || user.deleted) throw new IdentityError('USER_NOT_FOUND', 'The account no longer exists');
  await updateUser(user.uid, { lastAccessed: now });
  const session = await startSession({ ...user, lastAccessed: now }, CONSOLE_CLIENT_TYPE, false, member.role);
  await recordStaffEvent('staffSignIn', staffOf(member), facts);
  return {
    ...session,
    staff: { role: member.role },
    ...(spent.recoveryCodes ? { recoveryCodes: spent.recoveryCodes } : {}),
  };
}
