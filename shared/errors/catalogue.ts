/**
 * The error catalogue: the only place an error code is spelled.
 *
 * - Client codes (A04..L33) are what the web shows: "[L03] <localized text>".
 * - Server error types are what the payment service (and every non-identity, non-admin route) puts
 *   in `{error: {code, msg}}`; each maps to one client code.
 * - Identity codes are what the auth service answers for sign-up, sign-in and tokens.
 * - Admin codes are what admin routes answer; the console shows "AdminError: {code}, {message}".
 *
 * HTTP status: the specifications' clients read the error body and fall back to the network error
 * only for a non-OK answer without a catalogue error in its body. So the server answers with a
 * meaningful status AND the body; `clientCodeForResponse` reads the body first (see its rules).
 */

export const CLIENT_ERRORS = {
  A04: 'userinfo',
  A06: 'signup_user_already_exists',
  A12: 'unregistered_user',
  A17: 'unverified_user',
  A26: 'email_not_found',
  L00: 'logical',
  L01: 'general',
  L02: 'payment_general',
  L03: 'payment_expired',
  L04: 'payment_network',
  L05: 'duplicate_payment',
  L06: 'inconsistency',
  L07: 'authorization',
  L08: 'payment_db',
  L09: 'payment_provider',
  L10: 'invalid_price',
  L11: 'retrier',
  L12: 'currency_option_check',
  L13: 'upload_server_maintenance',
  L14: 'identity_network_failure',
  L15: 'too_many_authentication_attempts',
  L16: 'signup_general',
  L17: 'payment_session_info',
  L18: 'auth_server_sign_in_response',
  L19: 'auth_server_sign_up_response',
  L20: 'coupon_check',
  L21: 'regular_payment_result_retrieval',
  L22: 'wallet_payment_api',
  L23: 'no_payment_progress',
  L24: 'user_verification_needed',
  L25: 'user_not_subscribed',
  L26: 'invalid_argument',
  L27: 'abnormal_payment_status',
  L28: 'coupon_usage_insert_failed',
  L29: 'already_subscribed',
  L30: 'unsubscribe_not_allowed',
  L31: 'upgrade_not_allowed',
  L32: 'payment_provider_api',
  L33: 'subscription_not_allowed',
  /** Ours, beside the specification's: a change of plan at the next renewal that cannot be scheduled. */
  L34: 'plan_change_not_allowed',
} as const;
export type ClientErrorCode = keyof typeof CLIENT_ERRORS;
export const CLIENT_ERROR_CODES = Object.keys(CLIENT_ERRORS) as ClientErrorCode[];

/** i18n key (namespace `errors`) of a client code's localized text. */
export function clientErrorKey(code: ClientErrorCode): `errors:${ClientErrorCode}` {
  return `errors:${code}`;
}

/** Server error types, each with the client code it maps to and the HTTP status the server answers. */
export const SERVER_ERRORS = {
  AUTHORIZATION: { client: 'L07', status: 401 },
  DUPLICATE_PAYMENT: { client: 'L05', status: 409 },
  INCONSISTENCY: { client: 'L06', status: 409 },
  DB_ERROR: { client: 'L08', status: 500 },
  EXPIRED: { client: 'L03', status: 410 },
  NO_PAYMENT_PROGRESS: { client: 'L23', status: 404 },
  NAVER_PAY_API_ERROR: { client: 'L22', status: 502 },
  USER_VERIFICATION_NEEDED: { client: 'L24', status: 403 },
  USER_NOT_SUBSCRIBED: { client: 'L25', status: 409 },
  INVALID_ARGUMENT: { client: 'L26', status: 400 },
  INVALID_COUPON_CODE: { client: 'L20', status: 422 },
  INVALID_PRICE: { client: 'L10', status: 422 },
  ABNORMAL_PAYMENT_STATUS: { client: 'L27', status: 409 },
  COUPON_USAGE_INSERT_FAILED: { client: 'L28', status: 500 },
  USER_ALREADY_SUBSCRIBED: { client: 'L29', status: 409 },
  UNSUBSCRIBE_NOT_ALLOWED: { client: 'L30', status: 409 },
  UPGRADE_NOT_ALLOWED: { client: 'L31', status: 409 },
  SUBSCRIPTION_NOT_ALLOWED: { client: 'L33', status: 409 },
  /**
   * A change of plan at the next renewal refused (shared/subscriptions/plan-change.ts); the body's
   * `reason` says why (one of PLAN_CHANGE_REFUSALS).
   */
  PLAN_CHANGE_NOT_ALLOWED: { client: 'L34', status: 409 },
  /** An account deletion while money is still on its way (shared/account-deletion/deletion-blockers.ts). */
  ACCOUNT_HAS_OPEN_PAYMENT: { client: 'L27', status: 409 },
  UNKNOWN: { client: 'L02', status: 500 },
  PORTONE_FAILED: { client: 'L02', status: 502 },
  /** Ours, beside the specification's: the SMS service refused (our credentials, or the message). */
  SMS_FAILED: { client: 'L02', status: 502 },
  /**
   * Refunds (issue 30, shared/refunds/refund-ways.ts): the way the money goes back needs the customer's bank
   * account and none (or a malformed one) was given; the bank refused the account given (`reason`:
   * holder_mismatch or invalid_account); no way can take the refund (`refusal`); the provider refused the
   * cancel with a reason of its own (`providerMessage`), such as a card company's refusal.
   */
  REFUND_ACCOUNT_REQUIRED: { client: 'L26', status: 400 },
  REFUND_ACCOUNT_REFUSED: { client: 'L09', status: 422 },
  REFUND_NOT_POSSIBLE: { client: 'L27', status: 409 },
  REFUND_REFUSED: { client: 'L09', status: 422 },
  /**
   * Tax invoices (shared/tax-invoices): the business registration number given for them belongs to a
   * business the NTS reports closed, suspended or not registered (Popbill's status check); the body's
   * `businessState` says which (closed, suspended, unregistered).
   */
  BUSINESS_NOT_OPERATING: { client: 'L26', status: 422 },
  /** Popbill did not answer (an invoice's PDF asked for while it is down). */
  TAX_INVOICE_SERVICE_FAILED: { client: 'L02', status: 502 },
} as const satisfies Record<string, { client: ClientErrorCode; status: number }>;
export type ServerErrorType = keyof typeof SERVER_ERRORS;
export const SERVER_ERROR_TYPES = Object.keys(SERVER_ERRORS) as ServerErrorType[];

export function isServerErrorType(value: unknown): value is ServerErrorType {
  return typeof value === 'string' && Object.hasOwn(SERVER_ERRORS, value);
}

/**
 * UNKNOWN, PORTONE_FAILED, SMS_FAILED, an unknown or a missing type all give the payment general error
 * (L02).
 */
export function clientCodeForServerError(type: string | undefined | null): ClientErrorCode {
  return isServerErrorType(type) ? SERVER_ERRORS[type].client : 'L02';
}

/** Identity error codes of the auth service, with their status, client code and i18n key. */
export const IDENTITY_ERRORS = {
  INVALID_EMAIL: { status: 400, client: 'A04', message: 'error.invalid_email' },
  EMAIL_NOT_FOUND: { status: 401, client: 'A26', message: 'error.email_not_found' },
  USER_NOT_FOUND: { status: 401, client: 'A12', message: 'error.email_not_found' },
  INVALID_PASSWORD: { status: 401, client: 'A04', message: 'error.invalid_password' },
  TOO_MANY_REQUESTS: { status: 429, client: 'L15', message: 'error.too_many_requests' },
  NETWORK_REQUEST_FAILED: { status: 503, client: 'L14', message: 'error.network_request_failed' },
  EMAIL_EXISTS: { status: 409, client: 'A06', message: 'error.email_exists' },
  TOO_MANY_ATTEMPTS_TRY_LATER: { status: 429, client: 'L15', message: 'error.too_many_attempts' },
  CREDENTIAL_TOO_OLD_LOGIN_AGAIN: { status: 401, client: 'L07', message: 'error.credential_too_old' },
  TOKEN_EXPIRED: { status: 401, client: 'L07', message: 'error.token_expired' },
  INVALID_ID_TOKEN: { status: 401, client: 'L07', message: 'error.invalid_id_token' },
  USER_UNVERIFIED: { status: 403, client: 'A17', message: 'error.signup_unverified_email' },
  /**
   * A Kakao or Naver sign-in whose address belongs to an account that signs in otherwise: linked only
   * by that account's password (the body carries `providers` and, for a password account, a `ticket`).
   */
  ACCOUNT_EXISTS_WITH_DIFFERENT_CREDENTIAL: {
    status: 409,
    client: 'A06',
    message: 'error.account_exists_different_credential',
  },
  /** A staff sign-in's second factor: a wrong, used or expired code (issue 27). */
  INVALID_SECOND_FACTOR: { status: 401, client: 'A04', message: 'error.invalid_second_factor' },
} as const satisfies Record<string, { status: number; client: ClientErrorCode; message: string }>;
export type IdentityErrorCode = keyof typeof IDENTITY_ERRORS;
export const IDENTITY_ERROR_CODES = Object.keys(IDENTITY_ERRORS) as IdentityErrorCode[];

export function isIdentityErrorCode(value: unknown): value is IdentityErrorCode {
  return typeof value === 'string' && Object.hasOwn(IDENTITY_ERRORS, value);
}

/** The localized message key for an identity error; anything unknown gets the general one. */
export function identityErrorMessageKey(code: string | undefined | null): string {
  return isIdentityErrorCode(code) ? IDENTITY_ERRORS[code].message : 'error.unknown';
}

/**
 * Admin error codes. The console shows "AdminError: {code}, {message}"; invalid_token and
 * invalid_level carry status 401 (admin-console.md section 8). The specification gives every other code
 * 500; we answer a refusal with the 4xx that says it (issue 30: no 5xx for a refusal the product can
 * explain, so that a 5xx is always something to look into): insufficient_role 403 (issue 27, a member of
 * staff whose role may not call the route), invalid_argument 400, not_found 404, conflict 409; db-error
 * and internal stay 500. The console reads the code, never the status.
 */
export const ADMIN_ERROR_CODES = [
  'invalid_token',
  'invalid_level',
  'insufficient_role',
  'invalid_argument',
  'not_found',
  'conflict',
  'db-error',
  'internal',
] as const;
export type AdminErrorCode = (typeof ADMIN_ERROR_CODES)[number];

/**
 * The admin code of each server and identity error, for an admin route whose domain call refused
 * with one (the domain is shared with the customer's routes): a refusal keeps its meaning (a plan
 * that is not there is not_found, a state that forbids the action a conflict); `internal` is left to
 * the failures nobody expected. Complete by type: a new error must be given its admin meaning here.
 */
export const ADMIN_CODE_OF_SERVER_ERROR: Record<ServerErrorType, AdminErrorCode> = {
  AUTHORIZATION: 'invalid_token',
  DUPLICATE_PAYMENT: 'conflict',
  INCONSISTENCY: 'conflict',
  DB_ERROR: 'db-error',
  EXPIRED: 'conflict',
  NO_PAYMENT_PROGRESS: 'not_found',
  NAVER_PAY_API_ERROR: 'internal',
  USER_VERIFICATION_NEEDED: 'conflict',
  USER_NOT_SUBSCRIBED: 'not_found',
  INVALID_ARGUMENT: 'invalid_argument',
  INVALID_COUPON_CODE: 'invalid_argument',
  INVALID_PRICE: 'invalid_argument',
  ABNORMAL_PAYMENT_STATUS: 'conflict',
  COUPON_USAGE_INSERT_FAILED: 'conflict',
  USER_ALREADY_SUBSCRIBED: 'conflict',
  UNSUBSCRIBE_NOT_ALLOWED: 'conflict',
  UPGRADE_NOT_ALLOWED: 'conflict',
  SUBSCRIPTION_NOT_ALLOWED: 'conflict',
  PLAN_CHANGE_NOT_ALLOWED: 'conflict',
  ACCOUNT_HAS_OPEN_PAYMENT: 'conflict',
  UNKNOWN: 'internal',
  PORTONE_FAILED: 'internal',
  SMS_FAILED: 'internal',
  REFUND_ACCOUNT_REQUIRED: 'invalid_argument',
  REFUND_ACCOUNT_REFUSED: 'invalid_argument',
  REFUND_NOT_POSSIBLE: 'conflict',
  REFUND_REFUSED: 'conflict',
  BUSINESS_NOT_OPERATING: 'invalid_argument',
  TAX_INVOICE_SERVICE_FAILED: 'internal',
};

export const ADMIN_CODE_OF_IDENTITY_ERROR: Record<IdentityErrorCode, AdminErrorCode> = {
  INVALID_EMAIL: 'invalid_argument',
  EMAIL_NOT_FOUND: 'not_found',
  USER_NOT_FOUND: 'not_found',
  INVALID_PASSWORD: 'invalid_argument',
  TOO_MANY_REQUESTS: 'conflict',
  NETWORK_REQUEST_FAILED: 'internal',
  EMAIL_EXISTS: 'conflict',
  TOO_MANY_ATTEMPTS_TRY_LATER: 'conflict',
  CREDENTIAL_TOO_OLD_LOGIN_AGAIN: 'invalid_token',
  TOKEN_EXPIRED: 'invalid_token',
  INVALID_ID_TOKEN: 'invalid_token',
  USER_UNVERIFIED: 'conflict',
  ACCOUNT_EXISTS_WITH_DIFFERENT_CREDENTIAL: 'conflict',
  INVALID_SECOND_FACTOR: 'invalid_argument',
};

const ADMIN_REFUSAL_STATUS: Partial<Record<AdminErrorCode, number>> = {
  invalid_token: 401,
  invalid_level: 401,
  insufficient_role: 403,
  invalid_argument: 400,
  not_found: 404,
  conflict: 409,
};

export function adminErrorStatus(code: string): number {
  return ADMIN_REFUSAL_STATUS[code as AdminErrorCode] ?? 500;
}

export function formatAdminError(code: string, message: string): string {
  return `AdminError: ${code}, ${message}`;
}

/** The body every error answer carries. */
export interface ErrorBody {
  error: { code: string; msg: string; [extra: string]: unknown };
}

export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
  );
}

/**
 * The client code for an answer of the payment service (site-and-payments.md section 8):
 * 1. a 401 maps to the authorization error;
 * 2. a body with a catalogue error maps by its type (unknown types to the payment general error);
 * 3. any other non-OK answer, or no answer at all, is the payment network error.
 */
export function clientCodeForResponse(
  answer: { status: number; body: unknown } | 'network-failure',
): ClientErrorCode | null {
  if (answer === 'network-failure') return 'L04';
  if (answer.status === 401) return 'L07';
  if (isErrorBody(answer.body)) return clientCodeForServerError(answer.body.error.code);
  if (answer.status < 200 || answer.status >= 300) return 'L04';
  return null;
}

/**
 * User-refund codes: invalid_token or invalid_level give the authorization error, db-error the DB
 * error, expired the expired error, anything else the general error; a network failure on the
 * refund info call gives the payment network error.
 */
export function clientCodeForUserRefundError(code: string | 'network-failure'): ClientErrorCode {
  switch (code) {
    case 'network-failure':
      return 'L04';
    case 'invalid_token':
    case 'invalid_level':
      return 'L07';
    case 'db-error':
      return 'L08';
    case 'expired':
      return 'L03';
    default:
      return 'L01';
  }
}

/** The displayed message: the code in brackets plus the localized text. */
export function formatClientError(
  code: ClientErrorCode,
  localizedText: string,
  description?: string,
): string {
  return description ? `[${code}] ${localizedText} ${description}` : `[${code}] ${localizedText}`;
}
