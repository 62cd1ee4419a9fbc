import { nameSearchKey, searchShard } from '../../functions/core/data/search-keys.ts';
import { db } from '../../functions/core/data/service.ts';
import { normalizeEmail } from '../../shared/identity/account-rules.ts';

/**
 * Accounts for the benchmarks, written straight into DynamoDB Local (no password hashing, no sign-up
 * path): the user item with its search keys, and its e-mail item, in puts of 1,000.
 */
export function benchAccount(input: {
  uid: string;
  name: string;
  email: string;
  created: number;
  referral?: { referralType: string; referralCode: string };
}) {
  const nameKey = nameSearchKey(input.name);
  const emailKey = normalizeEmail(input.email);
  return {
    uid: input.uid,
    name: input.name,
    email: input.email,
    emailKey,
    emailShard: searchShard(emailKey),
    nameKey,
    nameShard: searchShard(nameKey),
    emailVerified: true,
    providers: ['password'],
    uiLanguage: 'ko',
    clientType: 'landing' as const,
    created: input.created,
    credentialsChangedAt: input.created,
    ...(input.referral ? { ...input.referral, referralSince: input.created } : {}),
  };
}

export async function seedAccounts(users: ReadonlyArray<ReturnType<typeof benchAccount>>): Promise<void> {
  for (let start = 0; start < users.length; start += 1000) {
    const chunk = users.slice(start, start + 1000);
    await db().entities.user.put(chunk).go();
    await db()
      .entities.userEmail.put(chunk.map((user) => ({ emailKey: user.emailKey, uid: user.uid })))
      .go();
  }
}
