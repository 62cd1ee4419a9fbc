import { queryOptions } from '@tanstack/react-query';
import type { RouteOutput } from '../../../../../shared/api/define-route.ts';
import { oauthConfig, oauthSignIn, oauthSignUp } from '../../../../../shared/api/identity.ts';
import type { ClientType } from '../../../../../shared/identity/client-types.ts';
import type { Maintenance } from '../../../../../shared/identity/maintenance.ts';
import type { ReferralType } from '../../../../../shared/identity/referral.ts';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { ApiError, callRoute } from '../../../lib/api-client.ts';
import type { SignedIn } from '../../../lib/session-api.ts';

export const oauthConfigQuery = () =>
  queryOptions({
    queryKey: ['oauth-config'],
    queryFn: () => callRoute(oauthConfig, {}),
    staleTime: 3_600_000,
  });

export type GoogleSignInOutcome =
  | { kind: 'signed-in'; signedIn: SignedIn; isSignUp: boolean }
  | { kind: 'maintenance'; maintenance: Maintenance };

/**
 * Signs in with a Google access token; an address without an account is signed up first (with the
 * visitor's referral), then signed in (site-and-payments.md section 7: EMAIL_NOT_FOUND is the cue).
 */
export async function signInWithGoogle(input: {
  accessToken: string;
  clientType: ClientType;
  language: SiteLanguage;
  persistSession: boolean;
  affiliateCode?: string | undefined;
}): Promise<GoogleSignInOutcome> {
  const credential = {
    credential: input.accessToken,
    credentialType: 'access_token' as const,
    providerId: 'google.com' as const,
    clientType: input.clientType,
    language: input.language,
  };
  const signInOnce = () =>
    callRoute(oauthSignIn, { ...credential, throwIfNotExists: true, persistSession: input.persistSession });
  try {
    return { kind: 'signed-in', signedIn: await signInOnce(), isSignUp: false };
  } catch (error) {
    if (!(error instanceof ApiError && error.serverCode === 'EMAIL_NOT_FOUND')) throw error;
  }
  const referral: { referralType: ReferralType; referralCode: string } | undefined = input.affiliateCode
    ? { referralType: 'affiliate', referralCode: input.affiliateCode }
    : undefined;
  const signedUp: RouteOutput<typeof oauthSignUp> = await callRoute(oauthSignUp, {
    ...credential,
    ...(referral ? { referralInfo: referral } : {}),
  });
  if (signedUp.maintenance) return { kind: 'maintenance', maintenance: signedUp.maintenance };
  return { kind: 'signed-in', signedIn: await signInOnce(), isSignUp: true };
}
