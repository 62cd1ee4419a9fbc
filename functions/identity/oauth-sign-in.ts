import { oauthSignIn } from '../../shared/api/identity.ts';
import { googleProfile } from '../core/adapters/google-identity.ts';
import { viewerLocation } from '../core/identity/accounts.ts';
import { signInWithGoogle } from '../core/identity/google-sign-in.ts';
import { providerProfileOf, signInWithProvider } from '../core/identity/provider-sign-in.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(oauthSignIn, async (input, { headers, setCookie }) => {
  const { cookie, ...signedIn } =
    input.credentialType === 'access_token'
      ? await signInWithGoogle(await googleProfile(input.credential), input, headers)
      : await signInWithProvider(await providerProfileOf(input), input, {
          location: viewerLocation(headers),
        });
  if (cookie) setCookie(cookie);
  return signedIn;
});
