import type { RouteParsedInput } from '../../../shared/api/define-route.ts';
import type { oauthSignIn, oauthSignUp } from '../../../shared/api/identity.ts';
import { sameEmail } from '../../../shared/identity/account-rules.ts';
import type { ClientType } from '../../../shared/identity/client-types.ts';
import type { CodeFlowProvider } from '../../../shared/identity/sign-in-providers.ts';
import { kakaoProfile } from '../adapters/kakao-identity.ts';
import { naverProfile } from '../adapters/naver-identity.ts';
import type { CodeGrant, ProviderProfile } from '../adapters/provider-identity.ts';
import { nowMs } from '../clock.ts';
import {
  findUserByEmail,
  findUserByProvider,
  linkProvider,
  type ProviderIdentity,
  SUB_ATTRIBUTE,
  type User,
  updateUser,
} from '../data/user-repository.ts';
import { IdentityError } from '../errors.ts';
import { logger } from '../logger.ts';
import {
  accountName,
  create,
  proveAddress,
  providerAccount,
  signUpMaintenance,
  type viewerLocation,
} from './accounts.ts';
import { signLinkToken, verifyLinkToken } from './id-token.ts';
import { openPendingSignUp } from './pending-sign-up.ts';
import { startSession } from './sessions.ts';
import { passwordHolder } from './sign-in.ts';
import { isVerified } from './user-info.ts';
import { sendVerificationMails } from './verification.ts';

/**
 * Sign-in with Kakao and Naver (docs/identity.md, "Kakao and Naver"). The popup's authorization code is
 * exchanged once; the identity it proves then travels as a ticket of ours (10 minutes) through the
 * sign-up, the sign-in after it and the link, as a code works only once. Which account an identity opens:
 * the one it is linked to; else the account of its address, which it joins only when the provider proved
 * the address of an account that never proved it (as Google's does), and otherwise only by that
 * account's password (oauth-link): a provider's claim to an address never takes over an account. An
 * address the provider did not prove (Naver's; Kakao's unverified one; one typed when the provider gave
 * none) opens an account only once our own verification mail proves it, as a password sign-up.
 */
const TICKET_SECONDS = 600;

type Caller = { clientType: ClientType; persistSession: boolean };
type ProviderCredential = Extract<
  RouteParsedInput<typeof oauthSignIn>,
  { credentialType: 'authorization_code' | 'provider_ticket' }
>;

/** The identity a code proves (exchanged with its provider) or a ticket carries. */
export async function providerProfileOf(credential: ProviderCredential): Promise<ProviderProfile> {
  if (credential.credentialType === 'provider_ticket')
    return ticketProfile(credential.providerId, credential.credential);
  const grant: CodeGrant = {
    code: credential.credential,
    redirectUri: credential.redirectUri,
    nonce: credential.nonce,
    state: credential.state,
  };
  return credential.providerId === 'kakao.com' ? kakaoProfile(grant) : naverProfile(grant);
}

export function issueTicket(profile: ProviderProfile): Promise<string> {
  return signLinkToken(
    'provider-identity',
    profile.sub,
    {
      provider: profile.provider,
      name: profile.name,
      emailVerified: profile.emailVerified ? 1 : 0,
      ...(profile.email ? { email: profile.email } : {}),
    },
    TICKET_SECONDS,
  );
}

export async function ticketProfile(provider: CodeFlowProvider, ticket: string): Promise<ProviderProfile> {
  const check = await verifyLinkToken('provider-identity', ticket);
  if (!check.ok || check.claims.provider !== provider)
    throw new IdentityError(
      check.ok ? 'INVALID_ID_TOKEN' : check.reason === 'expired' ? 'TOKEN_EXPIRED' : 'INVALID_ID_TOKEN',
      'The sign-in ticket is not valid: sign in with the provider again',
    );
  const { email, emailVerified, name } = check.claims;
  return {
    provider,
    sub: check.uid,
    email: typeof email === 'string' ? email : undefined,
    emailVerified: emailVerified === 1,
    name: typeof name === 'string' ? name : '',
  };
}

const identityOf = (profile: ProviderProfile): ProviderIdentity => ({
  provider: profile.provider,
  sub: profile.sub,
});

/** The account an identity is linked to, a deleted one's link counting as none. */
async function linkedAccount(profile: ProviderProfile): Promise<{ user?: User; stale?: string }> {
  const user = await findUserByProvider(identityOf(profile));
  if (!user) return {};
  return user.deleted ? { stale: user.uid } : { user };
}

/**
 * Sign-in with a Kakao or Naver identity. With throwIfNotExists an identity without an account answers
 * EMAIL_NOT_FOUND with its ticket (and `emailMissing` when the provider gave no address, which the
 * sign-up then asks for); without it the account is created here, as Google's is.
 */
export async function signInWithProvider(
  profile: ProviderProfile,
  input: Caller & { throwIfNotExists: boolean; language: RouteParsedInput<typeof oauthSignIn>['language'] },
  context: { location: ReturnType<typeof viewerLocation> },
) {
  const linked = await linkedAccount(profile);
  if (linked.user) return enter(linked.user, input);
  const existing = profile.email ? await findUserByEmail(profile.email) : undefined;
  if (existing) return enter(await joinExisting(existing, profile, linked.stale), input);
  if (!profile.email || input.throwIfNotExists || (await signUpMaintenance()))
    throw new IdentityError('EMAIL_NOT_FOUND', 'No account uses this identity', {
      ticket: await issueTicket(profile),
      ...(profile.email ? {} : { emailMissing: true }),
    });
  const { user } = await signUpWithProvider(profile, { ...input }, context);
  return enter(user, input);
}

type SignUpInput = Pick<
  Extract<RouteParsedInput<typeof oauthSignUp>, { credentialType: 'provider_ticket' }>,
  'clientType' | 'language' | 'referralInfo' | 'installCode' | 'utmParams' | 'email'
>;

/**
 * The account of a Kakao or Naver identity: the one it opens already (isSignUp false), else a new one,
 * verified when the provider proved its address, else waiting for our verification mail (`sessionId`
 * for the pending page). An address the provider gave none of is the one the visitor typed.
 */
export async function signUpWithProvider(
  profile: ProviderProfile,
  input: SignUpInput,
  context: { location: ReturnType<typeof viewerLocation> },
): Promise<{ user: User; isSignUp: boolean; sessionId?: string }> {
  const linked = await linkedAccount(profile);
  if (linked.user) return { user: linked.user, isSignUp: false };
  const email = profile.email ?? input.email;
  if (!email)
    throw new IdentityError('INVALID_EMAIL', 'The provider gave no address: the sign-up needs one typed');
  // Only the provider's own address can be proven by it; a typed one is proven by our mail.
  const proven = profile.emailVerified && Boolean(profile.email) && sameEmail(email, profile.email ?? '');
  const existing = await findUserByEmail(email);
  if (existing)
    return {
      user: await joinExisting(existing, { ...profile, email, emailVerified: proven }, linked.stale),
      isSignUp: false,
    };
  const user = await create(
    providerAccount(
      {
        name: accountName(profile, email),
        email,
        emailVerified: proven,
        providers: [profile.provider],
        [SUB_ATTRIBUTE[profile.provider]]: profile.sub,
      },
      input,
      context,
    ),
    identityOf(profile),
  );
  if (proven) return { user, isSignUp: true };
  await sendVerificationMails(user, { language: input.language, recipients: 'unverified' }).catch(
    // A mail that fails to go out must not lose the account: it is logged, and can be sent again.
    (error: unknown) => logger.error('Verification mail failed', { uid: user.uid, error }),
  );
  return { user, isSignUp: true, sessionId: await openPendingSignUp(user.uid) };
}

/**
 * An identity meets the account of its address. A provider that proved the address of an account that
 * never proved it takes the account over (what was set on it unproven goes: accounts.ts proveAddress),
 * as Google's sign-in does; anything else is ACCOUNT_EXISTS_WITH_DIFFERENT_CREDENTIAL, with a ticket to
 * link by the account's password when it has one.
 */
async function joinExisting(
  existing: User,
  profile: ProviderProfile,
  stale: string | undefined,
): Promise<User> {
  if (existing.deleted) throw new IdentityError('USER_NOT_FOUND', 'The account no longer exists');
  if (!(profile.emailVerified && !existing.emailVerified))
    throw new IdentityError(
      'ACCOUNT_EXISTS_WITH_DIFFERENT_CREDENTIAL',
      'The address has an account already',
      {
        providers: existing.providers,
        email: existing.email,
        ...(existing.passwordHash ? { ticket: await issueTicket(profile) } : {}),
      },
    );
  const proven = await proveAddress(existing);
  const changes = {
    ...proven.changes,
    providers: [...new Set([...proven.changes.providers, profile.provider])],
  };
  await link(existing, profile, changes, stale);
  return { ...existing, ...proven.cleared, ...changes };
}

async function link(
  user: User,
  profile: ProviderProfile,
  changes: Parameters<typeof linkProvider>[2],
  stale: string | undefined,
): Promise<void> {
  const linked = await linkProvider(user.uid, identityOf(profile), changes, {
    at: nowMs(),
    replacing: stale,
  });
  if (!linked)
    throw new IdentityError('EMAIL_EXISTS', 'This identity was linked to another account meanwhile');
}

/**
 * Links a Kakao or Naver identity (its ticket's) to the account of its address by that account's
 * password, counted as a sign-in attempt, then signs in. An address the provider proved verifies the
 * account on the way.
 */
export async function linkByPassword(
  profile: ProviderProfile,
  input: Caller & { password: string; clientAddress: string },
) {
  if (!profile.email) throw new IdentityError('INVALID_ID_TOKEN', 'The identity names no address to link to');
  const user = await passwordHolder({
    email: profile.email,
    password: input.password,
    clientAddress: input.clientAddress,
  });
  const linked = await linkedAccount(profile);
  if (linked.user && linked.user.uid !== user.uid)
    throw new IdentityError('EMAIL_EXISTS', 'This identity opens another account');
  const changes = {
    providers: [...new Set([...user.providers, profile.provider])],
    ...(profile.emailVerified ? { emailVerified: true } : {}),
  };
  if (!linked.user) await link(user, profile, changes, linked.stale);
  return enter({ ...user, ...changes }, input);
}

/** Signs an account in, once its address (and a minor's parent's) is verified. */
async function enter(user: User, input: Caller) {
  if (!isVerified(user))
    throw new IdentityError('USER_UNVERIFIED', 'Verify the e-mail address first', {
      emailVerified: user.emailVerified,
      ...(user.isMinor ? { parentEmailVerified: Boolean(user.parentEmailVerified) } : {}),
    });
  const now = nowMs();
  await updateUser(user.uid, { lastAccessed: now });
  return startSession({ ...user, lastAccessed: now }, input.clientType, input.persistSession);
}
