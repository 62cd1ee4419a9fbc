import {
  type AdminErrorCode,
  adminErrorStatus,
  IDENTITY_ERRORS,
  type IdentityErrorCode,
  SERVER_ERRORS,
  type ServerErrorType,
} from '../../shared/errors/catalogue.ts';

/**
 * Typed domain errors. Domain code throws these; the one error middleware (pipeline.ts) turns
 * them into the wire formats. Their codes come only from the catalogue in shared/.
 */
export abstract class AppError extends Error {
  abstract readonly code: string;
  abstract readonly status: number;
  /** Extra fields of the error body, e.g. `firebaseCode` of the identity answers. */
  readonly extra: Record<string, unknown>;

  constructor(message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.name = new.target.name;
    this.extra = extra;
  }
}

/** An error of the payment service's types (and of any route that is neither identity nor admin). */
export class PaymentError extends AppError {
  readonly code: ServerErrorType;
  readonly status: number;
  constructor(type: ServerErrorType, message: string, extra?: Record<string, unknown>) {
    super(message, extra);
    this.code = type;
    this.status = SERVER_ERRORS[type].status;
  }
}

/**
 * An identity error of the auth service. Its body also carries the code as `firebaseCode` and the
 * client code as `errorCode`: the fields the specification's sign-in and sign-up clients read.
 */
export class IdentityError extends AppError {
  readonly code: IdentityErrorCode;
  readonly status: number;
  constructor(code: IdentityErrorCode, message: string, extra?: Record<string, unknown>) {
    super(message, { firebaseCode: code, errorCode: IDENTITY_ERRORS[code].client, ...extra });
    this.code = code;
    this.status = IDENTITY_ERRORS[code].status;
  }
}

/** An error of an admin route: 401 for invalid_token and invalid_level, 403 for insufficient_role, 500 otherwise. */
export class AdminError extends AppError {
  readonly code: AdminErrorCode;
  readonly status: number;
  constructor(code: AdminErrorCode, message: string, extra?: Record<string, unknown>) {
    super(message, extra);
    this.code = code;
    this.status = adminErrorStatus(code);
  }
}

/** Thrown by repositories when an item that must exist does not. */
export class NotFound extends Error {
  constructor(what: string) {
    super(`${what} not found`);
    this.name = 'NotFound';
  }
}

/** Thrown by repositories when a uniqueness or version condition fails. */
export class Conflict extends Error {
  constructor(what: string) {
    super(what);
    this.name = 'Conflict';
  }
}
