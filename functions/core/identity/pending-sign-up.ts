import { randomBytes } from 'node:crypto';
import type { ClientType } from '../../../shared/identity/client-types.ts';
import { nowMs } from '../clock.ts';
import { createPendingSignUp, getPendingSignUp, takePendingSignUp } from '../data/session-repository.ts';
import { getUser } from '../data/user-repository.ts';
import { IdentityError } from '../errors.ts';
import { hashToken, type IssuedSession, startSession } from './sessions.ts';
import { isVerified } from './user-info.ts';

/**
 * The browser that signed up waits on the pending page until the address is verified, then is
 * signed in without typing the password again. It holds a random sign-up session id (stored hashed,
 * valid a day) that is exchanged for a session once, and only once the account is verified.
 */
const PENDING_LIFETIME_MS = 24 * 3600_000;

export async function openPendingSignUp(uid: string): Promise<string> {
  const sessionId = randomBytes(32).toString('base64url');
  await createPendingSignUp(hashToken(sessionId), uid, Math.ceil((nowMs() + PENDING_LIFETIME_MS) / 1000));
  return sessionId;
}

export async function pendingSignUpStatus(input: {
  sessionId: string;
  clientType: ClientType;
  persistSession: boolean;
}): Promise<{ emailVerified: boolean; parentEmailVerified?: boolean } & Partial<IssuedSession>> {
  const idHash = hashToken(input.sessionId);
  const pending = await getPendingSignUp(idHash);
  // DynamoDB deletes expired items within days, not at once: the ttl itself is the check.
  if (!pending || pending.ttl * 1000 <= nowMs())
    throw new IdentityError('TOKEN_EXPIRED', 'This sign-up session has ended: sign in instead');
  const user = await getUser(pending.uid);
  if (!user || user.deleted) throw new IdentityError('USER_NOT_FOUND', 'The account no longer exists');
  const status = {
    emailVerified: user.emailVerified,
    ...(user.isMinor ? { parentEmailVerified: Boolean(user.parentEmailVerified) } : {}),
  };
  if (!isVerified(user)) return status;
  if (!(await takePendingSignUp(idHash)))
    throw new IdentityError('TOKEN_EXPIRED', 'This sign-up session has ended: sign in instead');
  const signedIn = await startSession(user, input.clientType, input.persistSession);
  return { ...status, ...signedIn };
}
