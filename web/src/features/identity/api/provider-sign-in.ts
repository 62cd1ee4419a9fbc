import { oauthLink, oauthSignIn, oauthSignUp } from '../../../../../shared/api/identity.ts';
import type { ClientType } from '../../../../../shared/identity/client-types.ts';
import type { Maintenance } from '../../../../../shared/identity/maintenance.ts';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { ApiError, callRoute } from '../../../lib/api-client.ts';
import type { SignedIn } from '../../../lib/session-api.ts';
import { type CodeProvider, PROVIDER_ID, type ProviderReturn } from '../provider-flow.ts';

/**
 * What a Kakao or Naver sign-in comes to (docs/identity.md, "Kakao and Naver"): signed in; a sign-up
 * whose address our mail verifies first (the pending page); the sign-up's address to type, when the
 * provider shared none; the password of the account the address has, to link the provider to it; or
 * the providers that account signs in with, when it has no password.
 */
export type ProviderOutcome =
  | { kind: 'signed-in'; signedIn: SignedIn; isSignUp: boolean }
  | { kind: 'maintenance'; maintenance: Maintenance }
  | { kind: 'pending'; sessionId: string; email: string }
  | { kind: 'email-needed'; ticket: string }
  | { kind: 'link'; ticket: string; email: string }
  | { kind: 'other-provider'; providers: string[] };

interface Caller {
  provider: CodeProvider;
  clientType: ClientType;
  language: SiteLanguage;
  persistSession: boolean;
  affiliateCode?: string | undefined;
}

const ticketCredential = (caller: Caller, ticket: string) => ({
  credential: ticket,
  credentialType: 'provider_ticket' as const,
  providerId: PROVIDER_ID[caller.provider],
  clientType: caller.clientType,
  language: caller.language,
});

function refusalOf(error: unknown): ProviderOutcome | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const { ticket, providers, email } = error.details as {
    ticket?: unknown;
    providers?: unknown;
    email?: unknown;
  };
  if (error.serverCode !== 'ACCOUNT_EXISTS_WITH_DIFFERENT_CREDENTIAL') return undefined;
  if (typeof ticket === 'string' && typeof email === 'string') return { kind: 'link', ticket, email };
  return { kind: 'other-provider', providers: Array.isArray(providers) ? providers.map(String) : [] };
}

/** Signs in with a popup's code; an identity without an account signs up (with the affiliate code) first. */
export async function signInWithProvider(caller: Caller, given: ProviderReturn): Promise<ProviderOutcome> {
  try {
    const signedIn = await callRoute(oauthSignIn, {
      credential: given.code,
      credentialType: 'authorization_code',
      providerId: PROVIDER_ID[caller.provider],
      redirectUri: given.redirectUri,
      ...(caller.provider === 'kakao' ? { nonce: given.nonce } : { state: given.state }),
      clientType: caller.clientType,
      language: caller.language,
      throwIfNotExists: true,
      persistSession: caller.persistSession,
    });
    return { kind: 'signed-in', signedIn, isSignUp: false };
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) return refusal;
    if (!(error instanceof ApiError && error.serverCode === 'EMAIL_NOT_FOUND')) throw error;
    const ticket = String(error.details.ticket ?? '');
    if (error.details.emailMissing === true) return { kind: 'email-needed', ticket };
    return signUpWithTicket(caller, ticket);
  }
}

/** The sign-up of a ticket's identity (with the address typed when the provider shared none). */
export async function signUpWithTicket(
  caller: Caller,
  ticket: string,
  email?: string,
): Promise<ProviderOutcome> {
  let signedUp: Awaited<ReturnType<typeof callRoute<typeof oauthSignUp>>>;
  try {
    signedUp = await callRoute(oauthSignUp, {
      ...ticketCredential(caller, ticket),
      ...(email ? { email } : {}),
      ...(caller.affiliateCode
        ? { referralInfo: { referralType: 'affiliate' as const, referralCode: caller.affiliateCode } }
        : {}),
    });
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) return refusal;
    throw error;
  }
  if (signedUp.maintenance) return { kind: 'maintenance', maintenance: signedUp.maintenance };
  if (signedUp.sessionId && signedUp.result)
    return { kind: 'pending', sessionId: signedUp.sessionId, email: signedUp.result.user.email };
  const signedIn = await callRoute(oauthSignIn, {
    ...ticketCredential(caller, ticket),
    throwIfNotExists: true,
    persistSession: caller.persistSession,
  });
  return { kind: 'signed-in', signedIn, isSignUp: Boolean(signedUp.result?.isSignUp) };
}

/** Links the ticket's identity to the account of its address by the account's password, and signs in. */
export async function linkByPassword(caller: Caller, ticket: string, password: string): Promise<SignedIn> {
  return callRoute(oauthLink, {
    ...ticketCredential(caller, ticket),
    password,
    persistSession: caller.persistSession,
  });
}
