import * as z from 'zod';
import { emailRule, nameRule, passwordRule } from '../identity/account-rules.ts';
import { CLIENT_TYPES } from '../identity/client-types.ts';
import { MaintenanceSchema } from '../identity/maintenance.ts';
import { REFERRAL_TYPES } from '../identity/referral.ts';
import { CODE_FLOW_PROVIDERS, SIGN_IN_PROVIDERS } from '../identity/sign-in-providers.ts';
import { SITE_LANGUAGES } from '../languages.ts';
import { STAFF_ROLES } from '../staff/staff-roles.ts';
import { defineRoute } from './define-route.ts';

/**
 * The identity routes of the auth service (site-and-payments.md sections 2 and 7, admin-console.md
 * sections 6 and 7): sign-up, sign-in with a password, Google, Kakao or Naver, sessions, e-mail
 * verification, password reset and the operators' account actions.
 */

/** Password hashing (scrypt, 128 MiB) wants a whole vCPU: 1769 MB is where Lambda gives one. */
export const HASHING_MEMORY_MB = 1769;

const ClientType = z.enum(CLIENT_TYPES);
const Language = z.enum(SITE_LANGUAGES);
/** Sign-in never reveals the password rules: any non-empty password of sane length is checked. */
const AnyPassword = z.string().min(1).max(128);
const Uid = z.string().min(1).max(64);

export const UtmParamsSchema = z.object({
  utm_source: z.string().max(256).optional(),
  utm_medium: z.string().max(256).optional(),
  utm_campaign: z.string().max(256).optional(),
  utm_term: z.string().max(256).optional(),
  utm_content: z.string().max(256).optional(),
});

export const ReferralInfoSchema = z.object({
  referralType: z.enum(REFERRAL_TYPES),
  referralCode: z.string().trim().min(1).max(64),
});

export { SIGN_IN_PROVIDERS };

/** The account as the sign-in and sign-up answers carry it. */
export const UserInfoSchema = z.object({
  uid: Uid,
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  isMinor: z.boolean(),
  parentEmailVerified: z.boolean().optional(),
  language: Language,
  referralType: z.string().optional(),
  referralCode: z.string().optional(),
  providers: z.array(z.enum(SIGN_IN_PROVIDERS)),
  adminLevel: z.number().int().positive().optional(),
  /** Only in a console session that passed the second factor: the member's role when it was issued. */
  staffRole: z.enum(STAFF_ROLES).optional(),
  created: z.number(),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

/**
 * A session: the ID token (one hour) and, for the apps, the refresh token. Web client types never
 * see the refresh token: it travels only in an HttpOnly cookie.
 */
export const SessionSchema = z.object({
  idToken: z.string(),
  refreshToken: z.string().optional(),
  expiresIn: z.number().int().positive(),
  /** A console session's end (epoch ms): no refresh outlives it (shared/staff/console-session.ts). */
  endsAt: z.number().int().positive().optional(),
});
export type Session = z.infer<typeof SessionSchema>;

const SignedIn = z.object({ user: UserInfoSchema, session: SessionSchema });

export const signUp = defineRoute({
  name: 'signUp',
  service: 'auth',
  method: 'POST',
  path: '/sign-up',
  caller: 'public',
  summary:
    'Create an account with a password and send the verification mail (and the parent one for minors). ' +
    'During maintenance answers `maintenance` and creates nothing. `sessionId` lets the pending page ' +
    'exchange the sign-up for a session once the e-mail is verified.',
  request: z.object({
    name: nameRule,
    email: emailRule,
    password: passwordRule,
    language: Language,
    clientType: ClientType,
    timezoneMin: z.number().int().min(-840).max(840).optional(),
    deviceId: z.string().max(128).optional(),
    deviceName: z.string().max(128).optional(),
    machineId: z.string().max(128).optional(),
    referralInfo: ReferralInfoSchema.optional(),
    cid: z.string().max(128).optional(),
    installCode: z.string().max(128).optional(),
    utmParams: UtmParamsSchema.optional(),
    parentName: nameRule.optional(),
    parentEmail: emailRule.optional(),
  }),
  response: z.object({
    maintenance: MaintenanceSchema.optional(),
    user: UserInfoSchema.optional(),
    sessionId: z.string().optional(),
  }),
  handler: 'identity/sign-up',
  grants: ['table:read', 'table:write', 'mail:send', 'token:sign'],
  memoryMb: HASHING_MEMORY_MB,
});

export const signUpStatus = defineRoute({
  name: 'signUpStatus',
  service: 'auth',
  method: 'POST',
  path: '/sign-up-status',
  caller: 'public',
  summary:
    'Whether the account of a pending sign-up is verified yet (the pending page polls it); once it is, ' +
    'the sign-up session is exchanged (once) for a signed-in session',
  request: z.object({
    sessionId: z.string().min(20).max(128),
    clientType: ClientType,
    language: Language,
    persistSession: z.boolean().default(false),
  }),
  response: z.object({
    emailVerified: z.boolean(),
    parentEmailVerified: z.boolean().optional(),
    user: UserInfoSchema.optional(),
    session: SessionSchema.optional(),
  }),
  handler: 'identity/sign-up-status',
  grants: ['table:read', 'table:write', 'token:sign'],
});

export const signIn = defineRoute({
  name: 'signIn',
  service: 'auth',
  method: 'POST',
  path: '/v2/sign-in',
  caller: 'public',
  summary:
    'Sign in with e-mail and password. Failures are limited per account and per client address; ' +
    'past the limit every attempt answers TOO_MANY_ATTEMPTS_TRY_LATER',
  request: z.object({
    email: emailRule,
    password: AnyPassword,
    clientType: ClientType,
    language: Language,
    persistSession: z.boolean().default(false),
  }),
  response: SignedIn,
  handler: 'identity/sign-in',
  grants: ['table:read', 'table:write', 'token:sign'],
  memoryMb: HASHING_MEMORY_MB,
});

export const refreshToken = defineRoute({
  name: 'refreshToken',
  service: 'auth',
  method: 'POST',
  path: '/v2/refresh-token',
  caller: 'public',
  summary:
    'A new ID token for the refresh token (cookie for the web, `refreshToken` for the apps), which is ' +
    'rotated; a reused refresh token revokes its whole session. No token at all answers no session.',
  request: z.object({
    clientType: ClientType,
    language: Language,
    refreshFor: z.enum(['check_signed_in', 'renew']),
    refreshToken: z.string().max(256).optional(),
  }),
  response: z.object({ user: UserInfoSchema.optional(), session: SessionSchema.optional() }),
  handler: 'identity/refresh-token',
  grants: ['table:read', 'table:write', 'token:sign'],
});

export const signOut = defineRoute({
  name: 'signOut',
  service: 'auth',
  method: 'POST',
  path: '/v2/sign-out',
  caller: 'public',
  summary: 'End the session of the refresh token (revoked server-side, cookie cleared)',
  request: z.object({ clientType: ClientType, refreshToken: z.string().max(256).optional() }),
  response: z.object({}),
  handler: 'identity/sign-out',
  grants: ['table:read', 'table:write'],
});

const Credential = z.string().min(1).max(4096);
const CodeFlowProvider = z.enum(CODE_FLOW_PROVIDERS);
const Caller = { clientType: ClientType, language: Language };

/** Google's implicit flow: the access token the browser got, checked with Google by the server. */
const GoogleCredential = {
  credential: Credential,
  credentialType: z.literal('access_token'),
  providerId: z.literal('google.com'),
  ...Caller,
};

/**
 * Kakao's and Naver's authorization code flow: the code the provider returned to the popup, exchanged
 * once by the server (with the redirect URI it was issued for; Kakao's `nonce` and Naver's `state` as
 * the authorize request carried them).
 */
const AuthorizationCode = {
  credential: z.string().min(1).max(1024),
  credentialType: z.literal('authorization_code'),
  providerId: CodeFlowProvider,
  redirectUri: z.string().min(1).max(512),
  nonce: z.string().min(1).max(128).optional(),
  state: z.string().min(1).max(1024).optional(),
  ...Caller,
};

/**
 * A provider identity already proven by a code exchange (its ticket, signed by us, 10 minutes): an
 * answer EMAIL_NOT_FOUND or ACCOUNT_EXISTS_WITH_DIFFERENT_CREDENTIAL carries one, for the sign-up, the
 * sign-in after it and the link, since a code works once.
 */
const ProviderTicket = {
  credential: Credential,
  credentialType: z.literal('provider_ticket'),
  providerId: CodeFlowProvider,
  ...Caller,
};

const SignInOptions = {
  throwIfNotExists: z.boolean().default(true),
  persistSession: z.boolean().default(false),
};

export const oauthSignIn = defineRoute({
  name: 'oauthSignIn',
  service: 'auth',
  method: 'POST',
  path: '/v2/oauth-sign-in',
  caller: 'public',
  summary:
    "Sign in with Google (an access token checked with Google's token info and userinfo endpoints), or " +
    "with Kakao or Naver (an authorization code exchanged with the provider; Kakao's ID token checked " +
    "against its published keys, audience, issuer and nonce; Naver's profile API), or with the ticket " +
    'of such an exchange. With throwIfNotExists an unknown account answers EMAIL_NOT_FOUND (the web then ' +
    'signs up); an address whose account signs in otherwise answers ' +
    "ACCOUNT_EXISTS_WITH_DIFFERENT_CREDENTIAL (linked only by the account's password, oauth-link)",
  request: z.discriminatedUnion('credentialType', [
    z.object({ ...GoogleCredential, ...SignInOptions }),
    z.object({ ...AuthorizationCode, ...SignInOptions }),
    z.object({ ...ProviderTicket, ...SignInOptions }),
  ]),
  response: SignedIn,
  handler: 'identity/oauth-sign-in',
  grants: ['table:read', 'table:write', 'token:sign', 'oauth:providers'],
});

const SignUpExtras = {
  referralInfo: ReferralInfoSchema.optional(),
  installCode: z.string().max(128).optional(),
  utmParams: UtmParamsSchema.optional(),
};

export const oauthSignUp = defineRoute({
  name: 'oauthSignUp',
  service: 'auth',
  method: 'POST',
  path: '/oauth-sign-up',
  caller: 'public',
  summary:
    'Create an account from a Google access token or a Kakao or Naver ticket (isSignUp false when it ' +
    'exists already). An address the provider proved is verified at once; one it did not prove (or one ' +
    'typed as `email` when the provider gave none) is verified by mail as a password sign-up is, and ' +
    '`sessionId` lets the pending page sign in once it is. During maintenance answers `maintenance` and ' +
    'creates nothing',
  request: z.discriminatedUnion('credentialType', [
    z.object({ ...GoogleCredential, ...SignUpExtras }),
    z.object({ ...ProviderTicket, ...SignUpExtras, email: emailRule.optional() }),
  ]),
  response: z.object({
    result: z.object({ isSignUp: z.boolean(), user: UserInfoSchema }).optional(),
    maintenance: MaintenanceSchema.optional(),
    sessionId: z.string().optional(),
  }),
  handler: 'identity/oauth-sign-up',
  grants: ['table:read', 'table:write', 'mail:send', 'token:sign'],
});

export const oauthLink = defineRoute({
  name: 'oauthLink',
  service: 'auth',
  method: 'POST',
  path: '/v2/oauth-link',
  caller: 'public',
  summary:
    "Link a Kakao or Naver identity (its ticket) to the account of its address, after that account's " +
    "password (counted as a sign-in attempt, as v2/sign-in counts it), and sign in: a provider's " +
    'claim to an address never takes over an account by itself',
  request: z.object({
    ...ProviderTicket,
    password: AnyPassword,
    persistSession: z.boolean().default(false),
  }),
  response: SignedIn,
  handler: 'identity/oauth-link',
  grants: ['table:read', 'table:write', 'token:sign'],
  memoryMb: HASHING_MEMORY_MB,
});

const ProviderClient = z.object({ authorizeUrl: z.string(), clientId: z.string() });

export const oauthConfig = defineRoute({
  name: 'oauthConfig',
  service: 'auth',
  method: 'GET',
  path: '/oauth-config',
  caller: 'public',
  summary:
    "Where the browser sends a visitor to sign in with Google, Kakao or Naver (each provider's authorize " +
    'URL and our client id there)',
  request: z.object({}),
  response: z.object({ google: ProviderClient, kakao: ProviderClient, naver: ProviderClient }),
  handler: 'identity/oauth-config',
  grants: ['oauth:providers'],
});

export const verifyEmail = defineRoute({
  name: 'verifyEmail',
  service: 'auth',
  method: 'POST',
  path: '/verify-email',
  caller: 'public',
  summary: "Apply a verification link's token: the account's e-mail, or a minor's parent e-mail",
  request: z.object({ token: z.string().min(1).max(2048) }),
  response: z.object({
    verified: z.enum(['email', 'parent-email']),
    emailVerified: z.boolean(),
    parentEmailVerified: z.boolean().optional(),
  }),
  handler: 'identity/verify-email',
  grants: ['table:read', 'table:write', 'token:sign'],
});

export const resendVerificationMail = defineRoute({
  name: 'resendVerificationMail',
  service: 'auth',
  method: 'POST',
  path: '/resend-verification-mail',
  caller: 'public',
  summary:
    'Send the verification mail of a password account that is not verified yet again (the sign-in modal ' +
    'offers it after USER_UNVERIFIED), in the given language: at most once every 5 minutes per account, ' +
    'the rule of a repeated sign-up (sooner is TOO_MANY_REQUESTS). An address without such an account ' +
    'gets the answer of a sent mail, so the route tells nobody which addresses have accounts',
  request: z.object({ email: emailRule, language: Language }),
  response: z.object({}),
  handler: 'identity/resend-verification-mail',
  grants: ['table:read', 'table:write', 'mail:send', 'token:sign'],
});

export const resetPassword = defineRoute({
  name: 'resetPassword',
  service: 'auth',
  method: 'POST',
  path: '/reset-password',
  caller: 'public',
  summary:
    'Set a new password with the token of a password reset link (usable once); every session of the ' +
    'account ends',
  request: z.object({ token: z.string().min(1).max(2048), password: passwordRule }),
  response: z.object({ email: z.string() }),
  handler: 'identity/reset-password',
  grants: ['table:read', 'table:write', 'token:sign'],
  memoryMb: HASHING_MEMORY_MB,
});

export const fetchProviderInfo = defineRoute({
  name: 'fetchProviderInfo',
  service: 'auth',
  method: 'POST',
  path: '/fetch-provider-info-via-firebase-auth-api',
  caller: 'admin',
  role: 'viewer',
  summary: 'The sign-in providers of an address (operators only: it would otherwise tell who has an account)',
  request: z.object({ email: z.string().trim().min(1).max(254) }),
  response: z.object({ providerInfo: z.object({ allProviders: z.array(z.enum(SIGN_IN_PROVIDERS)) }) }),
  handler: 'identity/fetch-provider-info',
  grants: ['table:read'],
});

export const adminSendVerifyingEmail = defineRoute({
  name: 'adminSendVerifyingEmail',
  service: 'auth',
  method: 'POST',
  path: '/admin-send-verifying-email',
  caller: 'admin',
  role: 'support',
  summary: "Send the account's verification mail again, in the given language",
  request: z.object({ id: Uid, data: z.object({ language: Language }) }),
  response: z.object({ result: z.literal('success') }),
  handler: 'identity/admin-send-verifying-email',
  grants: ['table:read', 'table:write', 'mail:send', 'token:sign'],
});

export const adminVerifyEmail = defineRoute({
  name: 'adminVerifyEmail',
  service: 'auth',
  method: 'POST',
  path: '/admin-verify-email',
  caller: 'admin',
  role: 'support',
  summary: "Mark the account's e-mail verified",
  request: z.object({ id: Uid }),
  response: z.object({ result: z.literal('success') }),
  handler: 'identity/admin-verify-email',
  grants: ['table:read', 'table:write'],
});

export const adminGeneratePasswordResetLink = defineRoute({
  name: 'adminGeneratePasswordResetLink',
  service: 'auth',
  method: 'POST',
  path: '/admin-generate-password-reset-link',
  caller: 'admin',
  role: 'support',
  summary:
    'A password reset link for the account (valid 24 hours, once) for the operator to pass on; ' +
    '`data.email` must be the account address',
  request: z.object({ id: Uid, data: z.object({ email: z.string().trim().min(1).max(254) }) }),
  response: z.object({ link: z.string() }),
  handler: 'identity/admin-generate-password-reset-link',
  grants: ['table:read', 'table:write', 'token:sign'],
});

export const identityRoutes = [
  signUp,
  signUpStatus,
  signIn,
  refreshToken,
  signOut,
  oauthSignIn,
  oauthSignUp,
  oauthConfig,
  verifyEmail,
  resendVerificationMail,
  resetPassword,
  fetchProviderInfo,
  adminSendVerifyingEmail,
  adminVerifyEmail,
  adminGeneratePasswordResetLink,
] as const;

/**
 * Identity routes added after the auth service was first deployed: the route table puts them at its end
 * (shared/api/routes.ts), so that no deployed route moves to another nested stack.
 */
export const identityLinkRoutes = [oauthLink] as const;
