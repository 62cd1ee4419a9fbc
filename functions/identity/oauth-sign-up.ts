import { oauthSignUp } from '../../shared/api/identity.ts';
import { googleProfile } from '../core/adapters/google-identity.ts';
import { accountForGoogle, signUpMaintenance, viewerLocation } from '../core/identity/accounts.ts';
import { signUpWithProvider, ticketProfile } from '../core/identity/provider-sign-in.ts';
import { toUserInfo } from '../core/identity/user-info.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(oauthSignUp, async (input, { headers }) => {
  const maintenance = await signUpMaintenance();
  if (maintenance) return { maintenance };
  const context = { location: viewerLocation(headers) };
  if (input.credentialType === 'access_token') {
    const { user, isSignUp } = await accountForGoogle(await googleProfile(input.credential), input, context);
    return { result: { isSignUp, user: toUserInfo(user) } };
  }
  const profile = await ticketProfile(input.providerId, input.credential);
  const { user, isSignUp, sessionId } = await signUpWithProvider(profile, input, context);
  return { result: { isSignUp, user: toUserInfo(user) }, ...(sessionId ? { sessionId } : {}) };
});
