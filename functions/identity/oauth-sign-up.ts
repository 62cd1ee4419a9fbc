import { oauthSignUp } from '../../shared/api/identity.ts';
import { googleProfile } from '../core/adapters/google-identity.ts';
import { accountForGoogle, signUpMaintenance, viewerLocation } from '../core/identity/accounts.ts';
import { toUserInfo } from '../core/identity/user-info.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(oauthSignUp, async (input, { headers }) => {
  const maintenance = await signUpMaintenance();
  if (maintenance) return { maintenance };
  const profile = await googleProfile(input.credential);
  const { user, isSignUp } = await accountForGoogle(profile, input, { location: viewerLocation(headers) });
  return { result: { isSignUp, user: toUserInfo(user) } };
});
