import { createHash, randomBytes } from 'node:crypto';
import type { Session, UserInfo } from '../../../shared/api/identity.ts';
import {
  type ClientType,
  CONSOLE_CLIENT_TYPE,
  isWebClientType,
} from '../../../shared/identity/client-types.ts';
import { CONSOLE_SESSION_LIFETIME_MS } from '../../../shared/staff/console-session.ts';
import type { StaffRole } from '../../../shared/staff/staff-roles.ts';
import { nowMs } from '../clock.ts';
import {
  createSessionFamily,
  getRefreshToken,
  getSessionFamily,
  replaceUnusedSuccessor,
  revokeSessionFamily,
  rotateRefreshToken,
} from '../data/session-repository.ts';
import { getStaffMember } from '../data/staff-repository.ts';
import { getUser, type User } from '../data/user-repository.ts';
import { IdentityError } from '../errors.ts';
import { logger } from '../logger.ts';
import { ID_TOKEN_TTL_SECONDS, SECOND_FACTOR_AMR, signIdToken } from './id-token.ts';
import { toUserInfo } from './user-info.ts';

/**
 * Sessions: a one-hour ID token (signed, checked by every user and admin route) and a refresh token
 * that is rotated on every use. The refresh tokens of one sign-in form a family; presenting a token
 * that was already rotated means it leaked (or was replayed), so the whole family is revoked.
 * A session ends at the latest SESSION_LIFETIME_MS after its sign-in, however often it is refreshed; a
 * console session CONSOLE_SESSION_LIFETIME_MS after it (the console's fourth 55-minute tick), and its
 * answers say when (`endsAt`), so that every tab of the console signs out then.
 *
 * One exception keeps honest browsers signed in: a reload or a navigation in the middle of a refresh
 * loses the answer, so the browser presents the same token again a moment later while the successor
 * it never received is still unused. Within LOST_ANSWER_GRACE_MS of the rotation, and only while the
 * successor is unused, that successor is withdrawn and a new one issued: one token stays live, and a
 * withdrawn token presented later revokes the family like any other reuse.
 */
export const SESSION_LIFETIME_MS = 30 * 24 * 3600_000;
export const LOST_ANSWER_GRACE_MS = 10_000;

/** What a second presentation of a rotated token is: a lost answer retried, or a reuse. */
export function reuseVerdict(
  token: { usedAt: number; withdrawn?: boolean | undefined },
  successor: { usedAt?: number | undefined } | undefined,
  now: number,
): 'retry' | 'revoke' {
  if (token.withdrawn || !successor || successor.usedAt !== undefined) return 'revoke';
  return now - token.usedAt <= LOST_ANSWER_GRACE_MS ? 'retry' : 'revoke';
}

/** The cookie that carries a web client's refresh token; the console keeps its own beside the site's. */
export function refreshCookieName(clientType: ClientType): string {
  return clientType === CONSOLE_CLIENT_TYPE ? 'cutloom_console_rt' : 'cutloom_rt';
}
/** Sent only to the session routes (refresh and sign-out). */
const COOKIE_PATH = '/auth/v2';

/**
 * The refresh cookie: HttpOnly (no script reads it), Secure, SameSite=Strict. A persistent session
 * gets Max-Age and survives a browser restart; otherwise it is a session cookie that the browser
 * drops when it closes.
 */
export function refreshCookie(
  clientType: ClientType,
  token: string,
  maxAgeSeconds: number | undefined,
): string {
  const age = maxAgeSeconds === undefined ? '' : `; Max-Age=${maxAgeSeconds}`;
  return `${refreshCookieName(clientType)}=${token}; Path=${COOKIE_PATH}; HttpOnly; Secure; SameSite=Strict${age}`;
}

export function clearedRefreshCookie(clientType: ClientType): string {
  return refreshCookie(clientType, '', 0);
}

function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export interface IssuedSession {
  user: UserInfo;
  session: Session;
  /** The Set-Cookie of web client types. */
  cookie?: string;
}

async function issue(
  user: User,
  clientType: ClientType,
  refresh: { token: string; persist: boolean; expiresAt: number },
  staffRole?: StaffRole,
): Promise<IssuedSession> {
  const idToken = await signIdToken({
    uid: user.uid,
    email: user.email,
    ...(user.adminLevel ? { adminLevel: user.adminLevel } : {}),
    ...(staffRole ? { amr: SECOND_FACTOR_AMR } : {}),
  });
  const web = isWebClientType(clientType);
  const maxAge = refresh.persist ? Math.max(0, Math.floor((refresh.expiresAt - nowMs()) / 1000)) : undefined;
  return {
    user: { ...toUserInfo(user), ...(staffRole ? { staffRole } : {}) },
    session: {
      idToken,
      expiresIn: ID_TOKEN_TTL_SECONDS,
      ...(web ? {} : { refreshToken: refresh.token }),
      ...(clientType === CONSOLE_CLIENT_TYPE ? { endsAt: refresh.expiresAt } : {}),
    },
    ...(web ? { cookie: refreshCookie(clientType, refresh.token, maxAge) } : {}),
  };
}

/**
 * Starts a session after a successful sign-in. The console's sessions never persist. A member of staff's
 * session after the second factor (functions/core/staff/second-factor.ts) names their role: its ID tokens,
 * and those of its refreshes, carry `amr` otp.
 */
export async function startSession(
  user: User,
  clientType: ClientType,
  persistSession: boolean,
  staffRole?: StaffRole,
) {
  const now = nowMs();
  const persist = persistSession && clientType !== CONSOLE_CLIENT_TYPE;
  const expiresAt =
    now + (clientType === CONSOLE_CLIENT_TYPE ? CONSOLE_SESSION_LIFETIME_MS : SESSION_LIFETIME_MS);
  const { token, hash } = newRefreshToken();
  await createSessionFamily(
    {
      familyId: randomBytes(16).toString('base64url'),
      uid: user.uid,
      clientType,
      persist,
      ...(staffRole ? { secondFactor: true } : {}),
      created: now,
      expiresAt,
      ttl: Math.ceil(expiresAt / 1000) + 86_400,
    },
    hash,
  );
  return issue(user, clientType, { token, persist, expiresAt }, staffRole);
}

/** Exchanges a refresh token for a new ID token and a new refresh token. */
export async function refreshSession(token: string, clientType: ClientType): Promise<IssuedSession> {
  const now = nowMs();
  const stored = await getRefreshToken(hashToken(token));
  if (!stored) throw new IdentityError('INVALID_ID_TOKEN', 'Unknown refresh token');
  const family = await getSessionFamily(stored.familyId);
  if (!family || family.clientType !== clientType)
    throw new IdentityError('INVALID_ID_TOKEN', 'Unknown refresh token');
  if (family.revokedAt) throw new IdentityError('INVALID_ID_TOKEN', 'This session has ended');
  const reuse = async (): Promise<never> => {
    await revokeSessionFamily(family.familyId, now, 'reuse');
    logger.warn('Refresh token reused: session revoked', { uid: family.uid, familyId: family.familyId });
    throw new IdentityError('INVALID_ID_TOKEN', 'This session has ended');
  };
  const successorOfStored = stored.successorHash ? await getRefreshToken(stored.successorHash) : undefined;
  if (
    stored.usedAt !== undefined &&
    reuseVerdict({ ...stored, usedAt: stored.usedAt }, successorOfStored, now) === 'revoke'
  )
    return reuse();
  if (family.expiresAt <= now) throw new IdentityError('TOKEN_EXPIRED', 'This session has expired');
  const user = await getUser(family.uid);
  if (!user || user.deleted) throw new IdentityError('USER_NOT_FOUND', 'The account no longer exists');
  if (user.credentialsChangedAt > family.created)
    throw new IdentityError('CREDENTIAL_TOO_OLD_LOGIN_AGAIN', 'The password changed: sign in again');
  // A staff session ends with the member: disabled, or their second factor reset after it began.
  const member = family.secondFactor ? await getStaffMember(family.uid) : undefined;
  if (family.secondFactor && (member?.status !== 'active' || family.created < member.sessionsEndedAt))
    throw new IdentityError('INVALID_ID_TOKEN', 'This session has ended');

  const successor = newRefreshToken();
  const step = {
    tokenHash: stored.tokenHash,
    successorHash: successor.hash,
    familyId: family.familyId,
    ttl: family.ttl,
  };
  // A concurrent request that rotated (or revoked) it first makes this one a reuse too.
  const rotated =
    stored.usedAt === undefined
      ? await rotateRefreshToken({ ...step, usedAt: now })
      : await replaceUnusedSuccessor({ ...step, staleSuccessorHash: stored.successorHash ?? '', now });
  if (!rotated) return reuse();
  return issue(
    user,
    clientType,
    { token: successor.token, persist: family.persist, expiresAt: family.expiresAt },
    member?.role,
  );
}

/** Ends the session a refresh token belongs to (unknown tokens are ignored: sign-out always works). */
export async function endSession(token: string): Promise<void> {
  const stored = await getRefreshToken(hashToken(token));
  if (stored) await revokeSessionFamily(stored.familyId, nowMs(), 'sign-out');
}
