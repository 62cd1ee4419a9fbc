import { normalizeEmail } from '../../../shared/identity/account-rules.ts';
import type { CodeFlowProvider } from '../../../shared/identity/sign-in-providers.ts';
import { googleProfile } from '../adapters/google-identity.ts';
import { kakaoProfile } from '../adapters/kakao-identity.ts';
import { naverProfile } from '../adapters/naver-identity.ts';
import type { CodeGrant } from '../adapters/provider-identity.ts';
import { nowMs } from '../clock.ts';
import { getUser, SUB_ATTRIBUTE, type User } from '../data/user-repository.ts';
import { IdentityError, PaymentError } from '../errors.ts';
import { signLinkToken, verifyLinkToken } from '../identity/id-token.ts';
import { verifyPassword } from '../identity/password.ts';
import { clearAccountFailures, reserveSignInAttempt } from '../identity/sign-in-limits.ts';

/**
 * The fresh sign-in a deletion asks for (issue 26 point 4): the signed-in account holder proves it
 * again, with the password (a sign-in attempt like any other, under the same limits: a stolen ID token
 * cannot guess it faster), a Google access token of the same account (issued to our client, checked
 * with Google, as Google sign-in does) or a Kakao or Naver code of the identity linked to it. It answers a link token of its own purpose (`delete-account`),
 * valid a few minutes, which the deletion takes.
 */
export type Reauthentication =
  | { kind: 'password'; password: string }
  | { kind: 'google'; accessToken: string }
  | ({ kind: 'provider'; providerId: CodeFlowProvider } & CodeGrant);

export async function reauthenticate(
  uid: string,
  proof: Reauthentication,
  clientAddress: string,
  tokenSeconds: number,
): Promise<{ user: User; deletionToken: string; expiresAt: number }> {
  const user = await accountToDelete(uid);
  if (proof.kind === 'password') await checkPassword(user, proof.password, clientAddress);
  else if (proof.kind === 'google') await checkGoogle(user, proof.accessToken);
  else await checkProvider(user, proof);
  return {
    user,
    deletionToken: await signLinkToken('delete-account', uid, {}, tokenSeconds),
    expiresAt: nowMs() + tokenSeconds * 1000,
  };
}

/**
 * The account a deletion token allows deleting: the signed-in one, within the token's minutes. One
 * deleted already is answered as it is (a repeated request whose first answer was lost).
 */
export async function accountOfDeletionToken(uid: string, token: string): Promise<User> {
  const check = await verifyLinkToken('delete-account', token);
  if (!check.ok && check.reason === 'expired')
    throw new PaymentError('EXPIRED', 'The sign-in before deleting has expired: sign in again');
  if (!check.ok || check.uid !== uid)
    throw new PaymentError('AUTHORIZATION', 'The deletion token is not for this account');
  const user = await getUser(uid);
  return user?.deleted ? user : accountToDelete(uid);
}

async function accountToDelete(uid: string): Promise<User> {
  const user = await getUser(uid);
  if (!user || user.deleted) throw new IdentityError('USER_NOT_FOUND', 'The account no longer exists');
  // An operator's account is the author of what it did in the console: an administrator removes it.
  if (user.adminLevel) throw new PaymentError('INVALID_ARGUMENT', 'A staff account is not deleted here');
  return user;
}

async function checkPassword(user: User, password: string, clientAddress: string): Promise<void> {
  const now = nowMs();
  const attempt = await reserveSignInAttempt(user.emailKey, clientAddress, now);
  const matches = Boolean(user.passwordHash && (await verifyPassword(password, user.passwordHash)));
  // A wrong password keeps its attempt counted; a right one gives it back and forgets the failures.
  if (!matches) throw new IdentityError('INVALID_PASSWORD', 'The password is not correct');
  await attempt.release();
  await clearAccountFailures(user.emailKey, now);
}

async function checkGoogle(user: User, accessToken: string): Promise<void> {
  const profile = await googleProfile(accessToken);
  const same =
    profile.sub === user.googleSub ||
    (profile.emailVerified && normalizeEmail(profile.email) === user.emailKey);
  if (!same) throw new IdentityError('INVALID_ID_TOKEN', 'The Google account is not the signed-in account');
}

async function checkProvider(user: User, proof: { providerId: CodeFlowProvider } & CodeGrant): Promise<void> {
  const profile = await (proof.providerId === 'kakao.com' ? kakaoProfile(proof) : naverProfile(proof));
  if (profile.sub !== user[SUB_ATTRIBUTE[proof.providerId]])
    throw new IdentityError('INVALID_ID_TOKEN', 'The account of the provider is not the signed-in account');
}
