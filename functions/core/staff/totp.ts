import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { PRODUCT_NAME } from '../../../shared/product.ts';

/**
 * Time-based one-time passwords (RFC 6238, https://www.rfc-editor.org/rfc/rfc6238) with the otpauth library
 * (https://github.com/hectorm/otpauth): HMAC-SHA1, six digits, 30-second steps, the form every authenticator
 * app reads from an `otpauth://` URI (Google Authenticator's Key Uri Format). A code of the step before or
 * after is taken too (RFC 6238 section 5.2 allows one step of drift either way).
 */
export const TOTP_PERIOD_SECONDS = 30;
const DRIFT_STEPS = 1;

function totp(secret: string, email: string): TOTP {
  return new TOTP({
    issuer: PRODUCT_NAME,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** A new secret of 160 bits (RFC 4226 section 4 recommends 160), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUri(secret: string, email: string): string {
  return totp(secret, email).toString();
}

/** The time step whose code this is, at `nowMs` (with one step of drift either way), or undefined. */
export function stepOfCode(secret: string, code: string, nowMs: number): number | undefined {
  const delta = totp(secret, '').validate({ token: code, timestamp: nowMs, window: DRIFT_STEPS });
  if (delta === null) return undefined;
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** The code of a step's instant: what an authenticator shows (tests and `npm start`'s developers use it). */
export function codeAt(secret: string, nowMs: number): string {
  return totp(secret, '').generate({ timestamp: nowMs });
}

const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
export const RECOVERY_CODE_COUNT = 10;

/** Ten one-time recovery codes of ten base32 characters (50 bits), shown once as `abcde-fghij`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

/** A recovery code as stored: SHA-256 of the code in lower case without its hyphen or spaces. */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('base64url');
}
