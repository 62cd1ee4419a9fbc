import { randomBytes } from 'node:crypto';
import type { RouteParsedInput } from '../../../shared/api/define-route.ts';
import type { oauthSignUp, signUp } from '../../../shared/api/identity.ts';
import { NAME_MAX, normalizeEmail, sameEmail } from '../../../shared/identity/account-rules.ts';
import {
  type Maintenance,
  maintenanceInForce,
  SIGN_UP_MAINTENANCE_CONFIG,
} from '../../../shared/identity/maintenance.ts';
import type { GoogleProfile } from '../adapters/google-identity.ts';
import { nowMs } from '../clock.ts';
import { findConfigByName } from '../data/config-repository.ts';
import {
  clearPassword,
  createUser,
  findUserByEmail,
  type NewUser,
  type User,
  updateUser,
} from '../data/user-repository.ts';
import { Conflict, IdentityError, PaymentError } from '../errors.ts';
import { logger } from '../logger.ts';
import { hashPassword } from './password.ts';
import { isVerified } from './user-info.ts';
import { sendVerificationMails } from './verification.ts';

/** A repeated sign-up of an unverified address re-sends the mail at most this often. */
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
  await mailVerification(user, input.language);
  return user;
}

async function refuseExisting(existing: User, language: SignUpInput['language']): Promise<IdentityError> {
  if (existing.deleted || isVerified(existing) || !existing.passwordHash)
    return new IdentityError('EMAIL_EXISTS', 'An account with this address exists');
  if ((existing.verificationMailAt ?? 0) + RESEND_AFTER_MS <= nowMs())
    await mailVerification(existing, language);
  return new IdentityError('USER_UNVERIFIED', 'This account exists but its e-mail is not verified yet');
}

/** A mail that fails to go out must not lose the account: it is logged, and can be sent again. */
async function mailVerification(user: User, language: SignUpInput['language']) {
  try {
    await sendVerificationMails(user, { language, includeParent: true });
  } catch (error) {
    logger.error('Verification mail failed', { uid: user.uid, error });
  }
}

async function create(account: NewUser): Promise<User> {
  try {
    return await createUser(account);
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

/** A Google name made to fit the account's name rule (trimmed to the maximum length). */
function accountName(profile: GoogleProfile): string {
  return (
    [...profile.name].slice(0, NAME_MAX).join('') || normalizeEmail(profile.email).split('@')[0] || 'user'
  );
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
  const now = nowMs();
  const user = await create({
    uid: newUid(),
    name: accountName(profile),
    email: profile.email,
    emailVerified: true,
    providers: ['google.com'],
    googleSub: profile.sub,
    uiLanguage: input.language,
    clientType: input.clientType,
    ...(input.referralInfo ?? {}),
    ...(input.utmParams ? { utmParams: input.utmParams } : {}),
    ...(input.installCode ? { installCode: input.installCode } : {}),
    ...context.location,
    created: now,
    lastAccessed: now,
    credentialsChangedAt: now,
  });
  return { user, isSignUp: true };
}

async function linkGoogle(user: User, profile: GoogleProfile): Promise<User> {
  if (user.providers.includes('google.com') && user.emailVerified) return user;
  const dropPassword = !user.emailVerified && Boolean(user.passwordHash);
  const providers = [
    ...new Set([...user.providers.filter((p) => !(dropPassword && p === 'password')), 'google.com']),
  ];
  const changes = {
    providers,
    googleSub: profile.sub,
    emailVerified: true,
    ...(dropPassword ? { credentialsChangedAt: nowMs() } : {}),
  };
  await updateUser(user.uid, changes);
  if (dropPassword) await clearPassword(user.uid);
  return { ...user, ...changes, ...(dropPassword ? { passwordHash: undefined } : {}) };
}
