import {
  type ClientErrorCode,
  formatClientError,
  IDENTITY_ERRORS,
  isIdentityErrorCode,
} from '../../../shared/errors/catalogue.ts';
import { ApiError } from './api-client.ts';

/**
 * How an identity error is shown (site-and-payments.md section 8): on a field of the form, or in an
 * alert as "[code] text". Keys are i18n keys with their namespace.
 */
export interface IdentityProblem {
  field?: 'email' | 'password';
  key: string;
  code: ClientErrorCode;
}

function serverCode(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverCode : undefined;
}

function isUnreachable(error: unknown): boolean {
  return !(error instanceof ApiError) || (error.serverCode === undefined && error.clientCode === 'L04');
}

function known(code: string | undefined, key: string, field?: IdentityProblem['field']): IdentityProblem {
  const client = isIdentityErrorCode(code) ? IDENTITY_ERRORS[code].client : 'L01';
  return { key, code: client, ...(field ? { field } : {}) };
}

/** Sign-in: not found on the e-mail, a wrong password on the password, the rest in an alert. */
export function signInProblem(error: unknown): IdentityProblem {
  if (isUnreachable(error)) return { key: 'errors:error.network_request_failed', code: 'L14' };
  const code = serverCode(error);
  switch (code) {
    case 'EMAIL_NOT_FOUND':
    case 'USER_NOT_FOUND':
      return known(code, 'errors:error.email_not_found', 'email');
    case 'INVALID_EMAIL':
      return known(code, 'errors:error.invalid_email', 'email');
    case 'INVALID_PASSWORD':
      return known(code, 'errors:error.invalid_password', 'password');
    case 'USER_UNVERIFIED':
      return known(code, 'errors:error.signup_unverified_email');
    case 'TOO_MANY_ATTEMPTS_TRY_LATER':
      return known(code, 'errors:error.too_many_attempts');
    case 'TOO_MANY_REQUESTS':
      return known(code, 'errors:error.too_many_requests');
    default:
      return { key: 'errors:error.unknown', code: 'L18' };
  }
}

/** Sign-up: a malformed address on its field, everything else in the sign-up alert. */
export function signUpProblem(error: unknown): IdentityProblem {
  if (isUnreachable(error)) return { key: 'auth:error.server_unreachable', code: 'L14' };
  const code = serverCode(error);
  switch (code) {
    case 'INVALID_EMAIL':
      return known(code, 'errors:error.invalid_email', 'email');
    case 'EMAIL_EXISTS':
      return known(code, 'auth:error.signup_user_already_exists');
    case 'USER_UNVERIFIED':
      return known(code, 'auth:error.signup_unverified_user');
    case 'EMAIL_NOT_FOUND':
    case 'USER_NOT_FOUND':
      return { key: 'auth:error.login_unregistered_email', code: 'A12' };
    default:
      return { key: 'auth:error.signup_general_error', code: 'L16' };
  }
}

/** The alert text: the code in brackets plus the localized text. */
export function alertText(problem: IdentityProblem, t: (key: string) => string): string {
  return formatClientError(problem.code, t(problem.key));
}
