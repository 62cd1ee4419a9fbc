import { fetchProviderInfo } from '../../shared/api/identity.ts';
import { findUserByEmail } from '../core/data/user-repository.ts';
import { toUserInfo } from '../core/identity/user-info.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

/** An unknown address has no providers (an empty list, as the console expects). */
export const handler = defineHandler(fetchProviderInfo, async (input) => {
  const user = await findUserByEmail(input.email);
  return { providerInfo: { allProviders: user ? toUserInfo(user).providers : [] } };
});
