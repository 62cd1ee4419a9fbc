import { nowMs } from '../clock.ts';
import { updateUser } from '../data/user-repository.ts';
import { hashPassword } from './password.ts';
import { userOfResetLink } from './verification.ts';

/**
 * Sets a new password from a reset link. Moving credentialsChangedAt spends the link and ends every
 * session started before (their refresh answers CREDENTIAL_TOO_OLD_LOGIN_AGAIN). Returns the address.
 */
export async function resetPasswordWithLink(token: string, password: string): Promise<string> {
  const user = await userOfResetLink(token);
  const passwordHash = await hashPassword(password);
  await updateUser(user.uid, {
    passwordHash,
    credentialsChangedAt: Math.max(nowMs(), user.credentialsChangedAt + 1),
    providers: [...new Set([...user.providers, 'password'])],
  });
  return user.email;
}
