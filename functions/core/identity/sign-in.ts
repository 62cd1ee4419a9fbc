import type { IdentityErrorCode } from '../../../shared/errors/catalogue.ts';
import { normalizeEmail } from '../../../shared/identity/account-rules.ts';
import type { ClientType } from '../../../shared/identity/client-types.ts';
import { nowMs } from '../clock.ts';
import { findUserByEmail, updateUser } from '../data/user-repository.ts';
import { IdentityError } from '../errors.ts';
import { countMetric } from '../observability.ts';
import { hashPassword, needsRehash, verifyPassword } from './password.ts';
import { startSession } from './sessions.ts';
import { clearAccountFailures, reserveSignInAttempt } from './sign-in-limits.ts';
import { isVerified } from './user-info.ts';

/** The outcomes that count as a failed sign-in: an unknown address, a wrong password. */
export const FAILURES: ReadonlySet<IdentityErrorCode> = new Set(['EMAIL_NOT_FOUND', 'INVALID_PASSWORD']);

/**
 * Sign-in with e-mail and password. The attempt is counted first, as a failure of the address and
 * of the client (past either limit not even a correct password gets in); a failure keeps it, any
 * other outcome gives it back. The verification check comes after the password, so it reveals
 * nothing to a guesser.
 */
export async function signInWithPassword(input: {
  email: string;
  password: string;
  clientType: ClientType;
  persistSession: boolean;
  clientAddress: string;
}) {
  const user = await passwordHolder(input);
  if (!isVerified(user))
    throw new IdentityError('USER_UNVERIFIED', 'Verify the e-mail address first', {
      emailVerified: user.emailVerified,
      ...(user.isMinor ? { parentEmailVerified: Boolean(user.parentEmailVerified) } : {}),
    });
  const now = nowMs();
  const rehash = needsRehash(user.passwordHash) ? { passwordHash: await hashPassword(input.password) } : {};
  await updateUser(user.uid, { lastAccessed: now, ...rehash });
  return startSession({ ...user, lastAccessed: now }, input.clientType, input.persistSession);
}

/**
 * The account whose password this is, the attempt counted as a sign-in attempt (the same limits hold
 * wherever a password is asked: sign-in, linking a provider to the account).
 */
export async function passwordHolder(input: { email: string; password: string; clientAddress: string }) {
  const now = nowMs();
  const emailKey = normalizeEmail(input.email);
  const attempt = await reserveSignInAttempt(emailKey, input.clientAddress, now);
  const user = await accountWithPassword(emailKey, input.password).catch(async (error: unknown) => {
    if (error instanceof IdentityError && FAILURES.has(error.code)) countMetric('signInFailed');
    else await attempt.release();
    throw error;
  });
  await attempt.release();
  // A success forgets the account's failures.
  await clearAccountFailures(emailKey, now);
  return user;
}

/** The account of an address whose password this is. */
export async function accountWithPassword(emailKey: string, password: string) {
  const user = await findUserByEmail(emailKey);
  if (!user) throw new IdentityError('EMAIL_NOT_FOUND', 'No account uses this address');
  if (user.deleted) throw new IdentityError('USER_NOT_FOUND', 'The account no longer exists');
  const { passwordHash } = user;
  if (!passwordHash || !(await verifyPassword(password, passwordHash)))
    throw new IdentityError('INVALID_PASSWORD', 'The password is not correct');
  return { ...user, passwordHash };
}
