import { normalizeEmail } from '../../../shared/identity/account-rules.ts';
import type { ClientType } from '../../../shared/identity/client-types.ts';
import { nowMs } from '../clock.ts';
import { findUserByEmail, updateUser } from '../data/user-repository.ts';
import { IdentityError } from '../errors.ts';
import { hashPassword, needsRehash, verifyPassword } from './password.ts';
import { startSession } from './sessions.ts';
import { assertSignInAllowed, clearAccountFailures, recordSignInFailure } from './sign-in-limits.ts';
import { isVerified } from './user-info.ts';

/**
 * Sign-in with e-mail and password. The limits come first (past them not even a correct password
 * gets in); an unknown address or a wrong password counts as a failure for the address and for the
 * client; the verification check comes after the password, so it reveals nothing to a guesser.
 */
export async function signInWithPassword(input: {
  email: string;
  password: string;
  clientType: ClientType;
  persistSession: boolean;
  clientAddress: string;
}) {
  const now = nowMs();
  const emailKey = normalizeEmail(input.email);
  await assertSignInAllowed(emailKey, input.clientAddress, now);
  const user = await findUserByEmail(emailKey);
  if (!user) {
    await recordSignInFailure(emailKey, input.clientAddress, now);
    throw new IdentityError('EMAIL_NOT_FOUND', 'No account uses this address');
  }
  if (user.deleted) throw new IdentityError('USER_NOT_FOUND', 'The account no longer exists');
  const matches = user.passwordHash ? await verifyPassword(input.password, user.passwordHash) : false;
  if (!matches || !user.passwordHash) {
    await recordSignInFailure(emailKey, input.clientAddress, now);
    throw new IdentityError('INVALID_PASSWORD', 'The password is not correct');
  }
  await clearAccountFailures(emailKey, now);
  if (!isVerified(user))
    throw new IdentityError('USER_UNVERIFIED', 'Verify the e-mail address first', {
      emailVerified: user.emailVerified,
      ...(user.isMinor ? { parentEmailVerified: Boolean(user.parentEmailVerified) } : {}),
    });
  const rehash = needsRehash(user.passwordHash) ? { passwordHash: await hashPassword(input.password) } : {};
  await updateUser(user.uid, { lastAccessed: now, ...rehash });
  return startSession({ ...user, lastAccessed: now }, input.clientType, input.persistSession);
}
