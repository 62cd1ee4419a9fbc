import { createUser, findUserByEmail, updateUser } from '../data/user-repository.ts';
import { hashPassword, verifyPassword } from '../identity/password.ts';

/**
 * The purchase canary's account (issue 39): a verified Korean customer marked as the product's own test
 * account, so that it may pay in test mode on every level (session-pricing.ts testModeAllowed) and its
 * payments are test payments, left out of the finance and revenue figures. Its address and password are
 * the stage's secret `cutloom/{stage}/canary` (the canary reads the same secret); each deployment makes
 * sure the account exists with that password (events/deploy/ensure-canary-account.ts), `npm start` seeds
 * the local one.
 */
export interface CanaryCredentials {
  email: string;
  password: string;
}

export const CANARY_UID = 'purchase-canary';

export async function ensureCanaryAccount(
  credentials: CanaryCredentials,
): Promise<'created' | 'updated' | 'kept'> {
  const existing = await findUserByEmail(credentials.email);
  const now = Date.now();
  if (!existing) {
    await createUser({
      uid: CANARY_UID,
      name: 'Purchase Canary',
      email: credentials.email,
      emailVerified: true,
      passwordHash: await hashPassword(credentials.password),
      providers: ['password'],
      uiLanguage: 'ko',
      clientType: 'landing',
      testAccount: true,
      created: now,
      credentialsChangedAt: now,
    });
    return 'created';
  }
  if (existing.uid !== CANARY_UID || !existing.testAccount)
    throw new Error(`${credentials.email} belongs to an account that is not the canary's`);
  if (existing.passwordHash && (await verifyPassword(credentials.password, existing.passwordHash)))
    return 'kept';
  // The secret was changed: the account takes the new password (its sessions before it end).
  await updateUser(existing.uid, {
    passwordHash: await hashPassword(credentials.password),
    credentialsChangedAt: now,
  });
  return 'updated';
}
