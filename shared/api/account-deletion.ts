import * as z from 'zod';
import { DELETION_BLOCKERS } from '../account-deletion/deletion-blockers.ts';
import { CODE_FLOW_PROVIDERS } from '../identity/sign-in-providers.ts';
import { SITE_LANGUAGES } from '../languages.ts';
import { defineRoute } from './define-route.ts';

/**
 * Account deletion (회원 탈퇴, issue 26 point 4), from the billing page: the signed-in customer signs in
 * again (password, Google, Kakao or Naver), which answers a deletion token good for a few minutes and whether
 * anything keeps the account from being deleted yet; the page then shows the refund policy and what
 * happens, and the deletion takes the token. The specifications name no path.
 */

/** How long the fresh sign-in allows the deletion (the link token's lifetime). */
export const DELETION_TOKEN_SECONDS = 600;

/** Password sign-in's own bounds: any non-empty password of sane length is checked. */
const Reauthentication = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('password'), password: z.string().min(1).max(128) }),
  z.object({ kind: z.literal('google'), accessToken: z.string().min(1).max(4096) }),
  /** A Kakao or Naver sign-in popup's code, as oauth-sign-in takes it. */
  z.object({
    kind: z.literal('provider'),
    providerId: z.enum(CODE_FLOW_PROVIDERS),
    code: z.string().min(1).max(1024),
    redirectUri: z.string().min(1).max(512),
    nonce: z.string().min(1).max(128).optional(),
    state: z.string().min(1).max(1024).optional(),
  }),
]);

export const DeletionBlockerSchema = z.object({
  reason: z.enum(DELETION_BLOCKERS),
  /** Until when (a virtual account's due date), where that is known. */
  until: z.number().optional(),
});

/** Password hashing (scrypt, 128 MiB) wants a whole vCPU, as sign-in's own route. */
const HASHING_MEMORY_MB = 1769;

export const confirmAccountDeletion = defineRoute({
  name: 'confirmAccountDeletion',
  service: 'auth',
  method: 'POST',
  path: '/account-deletion-sign-in',
  caller: 'user',
  summary:
    "The signed-in account's fresh sign-in before deleting it: its password (counted as a sign-in " +
    'attempt), a Google access token or a Kakao or Naver code of the same account. Answers a deletion token valid 10 minutes, ' +
    'and what keeps the account from being deleted yet (null when nothing)',
  request: z.object({ reauthentication: Reauthentication }),
  response: z.object({
    result: z.object({
      deletionToken: z.string(),
      expiresAt: z.number(),
      blocker: DeletionBlockerSchema.nullable(),
    }),
  }),
  handler: 'account-deletion/confirm-account-deletion',
  grants: ['table:read', 'table:write', 'token:sign', 'oauth:providers'],
  memoryMb: HASHING_MEMORY_MB,
});

export const deleteAccount = defineRoute({
  name: 'deleteAccount',
  service: 'auth',
  method: 'POST',
  path: '/delete-account',
  caller: 'user',
  summary:
    'Deletes the signed-in account with the token of its fresh sign-in: renewals stop, the address is ' +
    'released (it may sign up again as a new account), sign-in is refused, personal data is erased or ' +
    'pseudonymised except the records the law keeps (given an expiry), and a mail in `language` confirms ' +
    'it. While money is in flight: ACCOUNT_HAS_OPEN_PAYMENT with the reason',
  request: z.object({ deletionToken: z.string().min(1).max(4096), language: z.enum(SITE_LANGUAGES) }),
  response: z.object({ result: z.object({ deletedAt: z.number() }) }),
  handler: 'account-deletion/delete-account',
  grants: ['table:read', 'table:write', 'token:sign', 'scheduler', 'mail:send', 'payment:provider'],
});

export const accountDeletionRoutes = [confirmAccountDeletion, deleteAccount] as const;
