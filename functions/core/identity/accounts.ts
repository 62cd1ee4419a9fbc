import { randomBytes } from 'node:crypto';
import type { RouteParsedInput } from '../../../shared/api/define-route.ts';
import type { oauthSignUp, signUp } from '../../../shared/api/identity.ts';
import { NAME_MAX, normalizeEmail, sameEmail } from '../../../shared/identity/account-rules.ts';
import {
  type Maintenance,
  maintenanceInForce,
  SIGN_UP_MAINTENANCE_CONFIG,
} from '../../../shared/identity/maintenance.ts';
import type { SiteLanguage } from '../../../shared/languages.ts';
import type { GoogleProfile } from '../adapters/google-identity.ts';
import { nowMs } from '../clock.ts';
import { findConfigByName } from '../data/config-repository.ts';
import {
  claimVerificationMail,
  clearPassword,
  createUser,
  findUserByEmail,
  type NewUser,
  type ProviderIdentity,
  releaseVerificationMail,
  SUB_ATTRIBUTE,
  type User,
  unlinkProviders,
  updateUser,
} from '../data/user-repository.ts';
import { Conflict, IdentityError, PaymentError } from '../errors.ts';
import { logger } from '../logger.ts';
import { hashPassword } from './password.ts';
import { isVerified } from './user-info.ts';
import { sendVerificationMails } from './verification.ts';

/** The verification mail of an unverified account is sent again at most this often. */
const RESEND_AFTER_MS = 5 * 60_000;

export function newUid(): string {
  return randomBytes(16).toString('base64url');
}

/** Where the visitor is, as CloudFront tells it (absent on one machine but for the country). */
export function viewerLocation(headers: Record<string, string | undefined>) {
  const decode = (value: string | undefined) => {
    if (!value) return undefined;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  };
  const country = headers['cloudfront-viewer-country'];
  return {
    ...(country && /^[A-Z]{2}$/.test(country) ? { country } : {}),
    ...(headers['cloudfront-viewer-country-region']
      ? { region: decode(headers['cloudfront-viewer-country-region']) }
      : {}),
    ...(headers['cloudfront-viewer-city'] ? { city: decode(headers['cloudfront-viewer-city']) } : {}),
    ...(headers['cloudfront-viewer-time-zone']
      ? { timezone: decode(headers['cloudfront-viewer-time-zone']) }
      : {}),
  };
}

/** The sign-up maintenance in force now, from its config entry. */
export async function signUpMaintenance(): Promise<Maintenance | undefined> {
  const entry = await findConfigByName(SIGN_UP_MAINTENANCE_CONFIG);
  return maintenanceInForce(entry?.value, nowMs());
}

type SignUpInput = RouteParsedInput<typeof signUp>;

/**
 * Creates a password account and mails the verification links. An address already taken answers
 * EMAIL_EXISTS, or USER_UNVERIFIED (with the mail sent again) when that account never verified.
 */
export async function signUpWithPassword(
  input: SignUpInput,
  context: { location: ReturnType<typeof viewerLocation> },
): Promise<User> {
  if (Boolean(input.parentName) !== Boolean(input.parentEmail))
    throw new PaymentError('INVALID_ARGUMENT', 'A minor needs both a parent name and a parent e-mail');
  if (input.parentEmail && sameEmail(input.parentEmail, input.email))
    throw new PaymentError('INVALID_ARGUMENT', "The parent e-mail must differ from the user's own");

  const existing = await findUserByEmail(input.email);
  if (existing) throw await refuseExisting(existing, input.language);

  const now = nowMs();
  const isMinor = Boolean(input.parentEmail);
  const account: NewUser = {
    uid: newUid(),
    name: input.name,
    email: input.email,
    passwordHash: await hashPassword(input.password),
    providers: ['password'],
    uiLanguage: input.language,
    clientType: input.clientType,
    isMinor,
    ...(isMinor
      ? { parentName: input.parentName, parentEmail: input.parentEmail, parentEmailVerified: false }
      : {}),
    ...(input.referralInfo ?? {}),
    ...(input.utmParams ? { utmParams: input.utmParams } : {}),
    ...pick(input, ['timezoneMin', 'cid', 'installCode', 'deviceId', 'deviceName', 'machineId']),
    ...context.location,
    created: now,
    lastAccessed: now,
    credentialsChangedAt: now,
  };
  const user = await create(account);
  await sendVerificationMails(user, { language: input.language, recipients: 'unverified' }).catch(
    // A mail that fails to go out must not lose the account: it is logged, and can be sent again.
    (error: unknown) => logger.error('Verification mail failed', { uid: user.uid, error }),
  );
  return user;
}

/**
 * Whether an account still waits for its verification: a password account never verified, or one a
 * provider opened with an address it did not prove (Naver's, or one typed when the provider gave none).
 */
function awaitsVerification(user: User): boolean {
  return !user.deleted && !isVerified(user);
}

async function refuseExisting(existing: User, language: SignUpInput['language']): Promise<IdentityError> {
  if (!awaitsVerification(existing))
    return new IdentityError('EMAIL_EXISTS', 'An account with this address exists');
  await resendVerification(existing, language).catch((error: unknown) =>
    logger.error('Verification mail failed', { uid: existing.uid, error }),
  );
  return new IdentityError('USER_UNVERIFIED', 'This account exists but its e-mail is not verified yet');
}

/**
 * Mails an unverified account's links again (a repeated sign-up, the sign-in modal's resend), at most
 * once every RESEND_AFTER_MS whoever asks and however many ask at once: the turn is a conditional
 * write. A mail that fails to go out gives the turn back, so it can be asked again at once.
 */
async function resendVerification(user: User, language: SiteLanguage): Promise<'sent' | 'too-soon'> {
  const now = nowMs();
  const turn = await claimVerificationMail(user.uid, now, now - RESEND_AFTER_MS);
  if (!turn.claimed) return 'too-soon';
  try {
    await sendVerificationMails(user, { language, recipients: 'unverified' });
    return 'sent';
  } catch (error) {
    await releaseVerificationMail(user.uid, now, turn.previous);
    throw error;
  }
}

/**
 * The resend route: an address without an account waiting for verification is answered as if the
 * mail went out (nothing tells which addresses have accounts); a mail sent less than RESEND_AFTER_MS
 * ago is TOO_MANY_REQUESTS, which tells no more than a repeated sign-up does.
 */
export async function resendVerificationByAddress(email: string, language: SiteLanguage): Promise<void> {
  const user = await findUserByEmail(email);
  if (!user || !awaitsVerification(user)) return;
  if ((await resendVerification(user, language)) === 'too-soon')
    throw new IdentityError('TOO_MANY_REQUESTS', 'The verification mail was sent less than 5 minutes ago');
}

export async function create(account: NewUser, identity?: ProviderIdentity): Promise<User> {
  try {
    return await createUser(account, undefined, identity);
  } catch (error) {
    if (error instanceof Conflict)
      throw new IdentityError('EMAIL_EXISTS', 'An account with this address exists');
    throw error;
  }
}

function pick<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Partial<Pick<T, K>> {
  return Object.fromEntries(
    keys.filter((key) => source[key] !== undefined).map((key) => [key, source[key]]),
  ) as Partial<Pick<T, K>>;
}

type GoogleSignUpInput = Pick<
  RouteParsedInput<typeof oauthSignUp>,
  'clientType' | 'language' | 'referralInfo' | 'installCode' | 'utmParams'
>;

/** A provider's name for the person made to fit the account's name rule (trimmed to the maximum length). */
export function accountName(profile: { name: string }, email: string): string {
  return [...profile.name].slice(0, NAME_MAX).join('') || normalizeEmail(email).split('@')[0] || 'user';
}

/**
 * The account of a Google sign-in: an existing account of the address gets Google added (the address
 * is proven by Google, so it becomes verified; a password set on a never-verified account is dropped,
 * since whoever set it never proved the address), else a new account is created. isSignUp tells which.
 */
export async function accountForGoogle(
  profile: GoogleProfile,
  input: GoogleSignUpInput,
  context: { location: ReturnType<typeof viewerLocation> },
): Promise<{ user: User; isSignUp: boolean }> {
  if (!profile.emailVerified)
    throw new IdentityError('USER_UNVERIFIED', 'Google has not verified this address');
  const existing = await findUserByEmail(profile.email);
  if (existing) {
    if (existing.deleted) throw new IdentityError('USER_NOT_FOUND', 'The account no longer exists');
    return { user: await linkGoogle(existing, profile), isSignUp: false };
  }
  const user = await create(
    providerAccount(
      {
        name: accountName(profile, profile.email),
        email: profile.email,
        emailVerified: true,
        providers: ['google.com'],
        googleSub: profile.sub,
      },
      input,
      context,
    ),
  );
  return { user, isSignUp: true };
}

/**
 * A new account of a sign-in provider: what the provider says of the person, and the sign-up's own
 * (language, app, referral, campaign, install code, where the visitor is).
 */
export function providerAccount(
  person: Pick<
    NewUser,
    'name' | 'email' | 'emailVerified' | 'providers' | 'googleSub' | 'kakaoSub' | 'naverSub'
  >,
  input: GoogleSignUpInput,
  context: { location: ReturnType<typeof viewerLocation> },
): NewUser {
  const now = nowMs();
  return {
    uid: newUid(),
    ...person,
    uiLanguage: input.language,
    clientType: input.clientType,
    ...(input.referralInfo ?? {}),
    ...(input.utmParams ? { utmParams: input.utmParams } : {}),
    ...(input.installCode ? { installCode: input.installCode } : {}),
    ...context.location,
    created: now,
    lastAccessed: now,
    credentialsChangedAt: now,
  };
}

async function linkGoogle(user: User, profile: GoogleProfile): Promise<User> {
  if (user.providers.includes('google.com') && user.emailVerified) return user;
  const proven = await proveAddress(user);
  const changes = {
    ...proven.changes,
    providers: [...new Set([...proven.changes.providers, 'google.com'])],
    googleSub: profile.sub,
  };
  await updateUser(user.uid, changes);
  return { ...user, ...proven.cleared, ...changes };
}

/**
 * A provider proved the address of an account: the account is verified, and if it had never been, what
 * was set on it by someone who never proved the address goes (the password, the Kakao or Naver identity
 * linked on an address those did not prove), so that none of it opens the account of the address's
 * owner. Answers the changes to write with the provider's own link, and what was cleared.
 */
export async function proveAddress(user: User): Promise<{
  changes: { providers: string[]; emailVerified: true; credentialsChangedAt?: number };
  cleared: Partial<User>;
}> {
  if (user.emailVerified) return { changes: { providers: user.providers, emailVerified: true }, cleared: {} };
  const identities: ProviderIdentity[] = (['kakao.com', 'naver.com'] as const).flatMap((provider) => {
    const sub = user[SUB_ATTRIBUTE[provider]];
    return sub ? [{ provider, sub }] : [];
  });
  const dropped = new Set<string>([
    ...(user.passwordHash ? ['password'] : []),
    ...identities.map(({ provider }) => provider),
  ]);
  if (user.passwordHash) await clearPassword(user.uid);
  await unlinkProviders(user.uid, identities);
  return {
    changes: {
      providers: user.providers.filter((provider) => !dropped.has(provider)),
      emailVerified: true,
      ...(dropped.size ? { credentialsChangedAt: nowMs() } : {}),
    },
    cleared: { passwordHash: undefined, kakaoSub: undefined, naverSub: undefined },
  };
}
