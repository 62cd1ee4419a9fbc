import * as z from 'zod';
import { emailRule, passwordRule } from '../identity/account-rules.ts';
import { SITE_LANGUAGES } from '../languages.ts';
import { STAFF_ROLES, STAFF_STATUSES } from '../staff/staff-roles.ts';
import { defineRoute } from './define-route.ts';
import { HASHING_MEMORY_MB, SessionSchema, UserInfoSchema } from './identity.ts';
import { ListPageAnswerShape, ListPageRequestShape } from './list-page.ts';

/**
 * Staff (issue 27): the console's sign-in with a second factor (TOTP, RFC 6238, or a recovery code),
 * invitations, and the admin's staff page. The sign-in is two steps: the password answers a short-lived
 * ticket (never a session), and the ticket with a code answers the console session, whose ID token is the
 * only kind admin routes accept. At the first sign-in the ticket first fetches a new secret (the QR code)
 * and the first code confirms it.
 */
const Role = z.enum(STAFF_ROLES);
const Ticket = z.string().min(20).max(2048);
const TotpCode = z
  .string()
  .max(6)
  .regex(/^\d{6}$/);
/** Ten characters of base32 with a hyphen in the middle; typed in any case, with or without the hyphen. */
const RecoveryCode = z.string().trim().min(10).max(16);

/** What the password step answers: the next step and its ticket, or that the account is no staff's. */
export const StaffSignInStepSchema = z.discriminatedUnion('staff', [
  z.object({ staff: z.literal(true), step: z.enum(['enrol', 'verify']), ticket: z.string() }),
  z.object({ staff: z.literal(false), disabled: z.boolean() }),
]);
export type StaffSignInStep = z.infer<typeof StaffSignInStepSchema>;

export const staffSignIn = defineRoute({
  name: 'staffSignIn',
  service: 'auth',
  method: 'POST',
  path: '/staff-sign-in',
  caller: 'public',
  summary:
    "The console's password step: limited like the site's sign-in (the same counts); a member of staff gets " +
    'a five-minute ticket for the second factor (`enrol` at the first sign-in, `verify` after), never a session',
  request: z.object({ email: emailRule, password: z.string().min(1).max(128) }),
  response: StaffSignInStepSchema,
  handler: 'staff/staff-sign-in',
  grants: ['table:read', 'table:write', 'token:sign'],
  memoryMb: HASHING_MEMORY_MB,
});

export const staffTotpSecret = defineRoute({
  name: 'staffTotpSecret',
  service: 'auth',
  method: 'POST',
  path: '/staff-totp-secret',
  caller: 'public',
  summary:
    'Enrolment: a new TOTP secret for the member the ticket names, as base32 and as an otpauth:// URI for ' +
    'the QR code; refused once a secret is confirmed (an admin resets it)',
  request: z.object({ ticket: Ticket }),
  response: z.object({ secret: z.string(), otpauthUri: z.string() }),
  handler: 'staff/staff-totp-secret',
  grants: ['table:read', 'table:write', 'token:sign'],
});

export const staffSecondFactor = defineRoute({
  name: 'staffSecondFactor',
  service: 'auth',
  method: 'POST',
  path: '/staff-second-factor',
  caller: 'public',
  summary:
    'The second step: a TOTP code (good once) or a recovery code (spent) exchanged with the ticket for the ' +
    "console session (refresh cookie); the enrolment's first code confirms the secret and answers the " +
    'recovery codes, shown once. Wrong codes are limited per member and per client address.',
  request: z
    .object({ ticket: Ticket, code: TotpCode.optional(), recoveryCode: RecoveryCode.optional() })
    .refine((input) => Boolean(input.code) !== Boolean(input.recoveryCode), {
      message: 'Give either a code or a recovery code',
    }),
  response: z.object({
    user: UserInfoSchema,
    session: SessionSchema,
    staff: z.object({ role: Role }),
    recoveryCodes: z.array(z.string()).optional(),
  }),
  handler: 'staff/staff-second-factor',
  grants: ['table:read', 'table:write', 'token:sign'],
});

export const staffInvitationAccept = defineRoute({
  name: 'staffInvitationAccept',
  service: 'auth',
  method: 'POST',
  path: '/staff-invitation-accept',
  caller: 'public',
  summary:
    "An invitation's link sets the invitee's password (once, within 7 days) and answers the ticket of the " +
    'enrolment of their second factor',
  request: z.object({ token: z.string().min(1).max(2048), password: passwordRule }),
  response: z.object({ step: z.literal('enrol'), ticket: z.string() }),
  handler: 'staff/staff-invitation-accept',
  grants: ['table:read', 'table:write', 'token:sign'],
  memoryMb: HASHING_MEMORY_MB,
});

export const StaffMemberSchema = z.object({
  uid: z.string(),
  email: z.string(),
  role: Role,
  status: z.enum(STAFF_STATUSES),
  created: z.number(),
  invitedByEmail: z.string().optional(),
  /** Whether a second factor is enrolled. */
  enrolled: z.boolean(),
  recoveryCodesLeft: z.number(),
});
export type StaffMemberView = z.infer<typeof StaffMemberSchema>;

export const adminStaffList = defineRoute({
  name: 'adminStaffList',
  service: 'auth',
  method: 'POST',
  path: '/admin-staff-list',
  caller: 'admin',
  role: 'admin',
  readOnly: true,
  summary: 'The members of staff in e-mail order, a page at a time (`cursor`)',
  request: z.object(ListPageRequestShape),
  response: z.object({
    staff: z.array(StaffMemberSchema),
    /** Active admins now: the last one is offered neither a role change nor disabling. */
    activeAdmins: z.number(),
    ...ListPageAnswerShape,
  }),
  handler: 'staff/admin-staff-list',
  grants: ['table:read'],
});

export const adminStaffInvite = defineRoute({
  name: 'adminStaffInvite',
  service: 'auth',
  method: 'POST',
  path: '/admin-staff-invite',
  caller: 'admin',
  role: 'admin',
  summary:
    'Invite a colleague by e-mail with a role: an account with no password yet, and a mail whose link sets ' +
    'it (7 days); inviting an invited address again sends a new link. An address with an account is a conflict.',
  request: z.object({ email: emailRule, role: Role, language: z.enum(SITE_LANGUAGES) }),
  response: z.object({ result: StaffMemberSchema }),
  handler: 'staff/admin-staff-invite',
  grants: ['table:read', 'table:write', 'mail:send', 'token:sign'],
});

export const adminStaffUpdate = defineRoute({
  name: 'adminStaffUpdate',
  service: 'auth',
  method: 'POST',
  path: '/admin-staff-update',
  caller: 'admin',
  role: 'admin',
  summary:
    "Change a member's role or disable or enable them; disabling ends their sessions at once. The last " +
    'active admin can be neither demoted nor disabled (`conflict`), however many such changes run at once.',
  request: z
    .object({ uid: z.string().min(1).max(64), role: Role.optional(), enabled: z.boolean().optional() })
    .refine((input) => input.role !== undefined || input.enabled !== undefined, {
      message: 'Give a role or enabled',
    }),
  response: z.object({ result: StaffMemberSchema }),
  handler: 'staff/admin-staff-update',
  grants: ['table:read', 'table:write'],
});

export const adminStaffSecondFactorReset = defineRoute({
  name: 'adminStaffSecondFactorReset',
  service: 'auth',
  method: 'POST',
  path: '/admin-staff-second-factor-reset',
  caller: 'admin',
  role: 'admin',
  summary:
    "Forget a colleague's second factor (a lost phone): their sessions end and their next sign-in enrols " +
    'again; recovery codes are dropped',
  request: z.object({ uid: z.string().min(1).max(64) }),
  response: z.object({ result: StaffMemberSchema }),
  handler: 'staff/admin-staff-second-factor-reset',
  grants: ['table:read', 'table:write'],
});

export const staffRoutes = [
  staffSignIn,
  staffTotpSecret,
  staffSecondFactor,
  staffInvitationAccept,
  adminStaffList,
  adminStaffInvite,
  adminStaffUpdate,
  adminStaffSecondFactorReset,
] as const;
