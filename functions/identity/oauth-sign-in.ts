import { oauthSignIn } from '../../shared/api/identity.ts';
import { googleProfile } from '../core/adapters/google-identity.ts';
import { signInWithGoogle } from '../core/identity/google-sign-in.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(oauthSignIn, async (input, { headers, setCookie }) => {
  const profile = await googleProfile(input.credential);
  const { cookie, ...signedIn } = await signInWithGoogle(profile, input, headers);
  if (cookie) setCookie(cookie);
  return signedIn;
});
