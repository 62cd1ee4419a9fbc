import type { ClientType } from '../../../shared/identity/client-types.ts';
import type { SiteLanguage } from '../../../shared/languages.ts';
import type { GoogleProfile } from '../adapters/google-identity.ts';
import { nowMs } from '../clock.ts';
import { findUserByEmail, updateUser } from '../data/user-repository.ts';
import { IdentityError } from '../errors.ts';
import { accountForGoogle, signUpMaintenance, viewerLocation } from './accounts.ts';
import { startSession } from './sessions.ts';
import { isVerified } from './user-info.ts';

/**
 * Sign-in with a checked Google profile. With throwIfNotExists an unknown address answers
 * EMAIL_NOT_FOUND, so the web signs the visitor up (with their referral) through oauth-sign-up;
 * without it the account is created here, except during sign-up maintenance, which also answers
 * EMAIL_NOT_FOUND so that the client's sign-up call shows the maintenance.
 */
export async function signInWithGoogle(
  profile: GoogleProfile,
  input: {
    clientType: ClientType;
    language: SiteLanguage;
    throwIfNotExists: boolean;
    persistSession: boolean;
  },
  headers: Record<string, string | undefined>,
) {
  const known = await findUserByEmail(profile.email);
  if (!known && (input.throwIfNotExists || (await signUpMaintenance())))
    throw new IdentityError('EMAIL_NOT_FOUND', 'No account uses this address');
  const { user } = await accountForGoogle(profile, input, { location: viewerLocation(headers) });
  if (!isVerified(user))
    throw new IdentityError('USER_UNVERIFIED', "The parent's e-mail is not verified yet", {
      emailVerified: user.emailVerified,
      parentEmailVerified: Boolean(user.parentEmailVerified),
    });
  const now = nowMs();
  await updateUser(user.uid, { lastAccessed: now });
  return startSession({ ...user, lastAccessed: now }, input.clientType, input.persistSession);
}
