import { type JWTPayload, type JWTVerifyOptions, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { keyNamed } from '../../../shared/secrets/rotating-secret.ts';
import { signingKeys } from './signing-secret.ts';

/** Claims of an ID token. `adminLevel` is present (>= 1) only on operators' tokens. */
export interface IdTokenClaims {
  uid: string;
  email: string;
  adminLevel?: number;
  /**
   * How the holder signed in (RFC 8176 `amr`): `['pwd', 'otp']` only on a staff session that passed the
   * second factor (functions/core/staff/second-factor.ts). Admin routes accept no token without `otp`.
   */
  amr?: readonly string[];
  /** When the token was issued (epoch seconds; read from verified tokens): staff sessions end before a time. */
  issuedAt?: number;
}

/** The `amr` of a staff session that passed the second factor. */
export const SECOND_FACTOR_AMR = ['pwd', 'otp'] as const;

const ISSUER = 'cutloom-auth';
const AUDIENCE = 'cutloom';
/** ID tokens live one hour; the web refreshes them (the console every 55 minutes). */
export const ID_TOKEN_TTL_SECONDS = 3600;

export async function signIdToken(claims: IdTokenClaims, ttlSeconds = ID_TOKEN_TTL_SECONDS): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const { keyId, key } = await signingKeys();
  return new SignJWT({
    email: claims.email,
    ...(claims.adminLevel ? { adminLevel: claims.adminLevel } : {}),
    ...(claims.amr ? { amr: [...claims.amr] } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: keyId })
    .setSubject(claims.uid)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(encode(key));
}

const encode = (key: string) => new TextEncoder().encode(key);

/**
 * Verifies a token with the key its `kid` names (the current key, or the previous one after a rotation);
 * a `kid` this container does not know yet is looked up once past the cache before the token is refused.
 */
async function verifyWithKeys(token: string, options: JWTVerifyOptions): Promise<JWTPayload> {
  let keys = await signingKeys();
  return (
    await jwtVerify(
      token,
      async (header) => {
        let key = keyNamed(keys, header.kid);
        if (key === undefined && header.kid !== undefined) {
          keys = await signingKeys({ fresh: true });
          key = keyNamed(keys, header.kid);
        }
        if (key === undefined) throw new joseErrors.JWSSignatureVerificationFailed();
        return encode(key);
      },
      { ...options, algorithms: ['HS256'] },
    )
  ).payload;
}

export type TokenCheck =
  | { ok: true; claims: IdTokenClaims }
  | { ok: false; reason: 'missing' | 'expired' | 'invalid' };

/**
 * Tokens of the links the product mails or hands out (e-mail verification, password reset, the answer
 * to a renewal's consent, the account deletion a fresh sign-in allows). They share the ID tokens' key
 * but not their audience, so neither kind passes for the other, and each purpose has its own audience
 * so a verification link cannot reset a password.
 */
export type LinkPurpose =
  | 'verify-email'
  | 'verify-parent-email'
  | 'reset-password'
  /** An invitation to the staff (functions/core/staff/staff-members.ts). */
  | 'staff-invitation'
  /** The password step of a staff sign-in, exchanged for a session with the second factor. */
  | 'staff-second-factor'
  | 'renewal-consent'
  | 'delete-account'
  /** A Kakao or Naver identity a code exchange proved, for the sign-up or link that follows it. */
  | 'provider-identity';
const linkAudience = (purpose: LinkPurpose) => `${AUDIENCE}:link:${purpose}`;

/**
 * The longest a link token may live (a mailed consent link lasts the 30 days before a renewal): the
 * signing key is rotated no more often than this (npm run rotate-secret), so no valid link is refused.
 */
export const LINK_TOKEN_MAX_SECONDS = 31 * 24 * 3600;

export async function signLinkToken(
  purpose: LinkPurpose,
  uid: string,
  claims: Record<string, string | number>,
  ttlSeconds: number,
): Promise<string> {
  if (ttlSeconds > LINK_TOKEN_MAX_SECONDS)
    throw new Error(`A link token lives at most ${LINK_TOKEN_MAX_SECONDS} s, not ${ttlSeconds}`);
  const now = Math.floor(Date.now() / 1000);
  const { keyId, key } = await signingKeys();
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: keyId })
    .setSubject(uid)
    .setIssuer(ISSUER)
    .setAudience(linkAudience(purpose))
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(encode(key));
}

export type LinkTokenCheck =
  | { ok: true; uid: string; claims: Record<string, unknown> }
  | { ok: false; reason: 'expired' | 'invalid' };

export async function verifyLinkToken(purpose: LinkPurpose, token: string): Promise<LinkTokenCheck> {
  try {
    const payload = await verifyWithKeys(token, { issuer: ISSUER, audience: linkAudience(purpose) });
    if (typeof payload.sub !== 'string') return { ok: false, reason: 'invalid' };
    return { ok: true, uid: payload.sub, claims: payload };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'invalid' };
  }
}

/** Verifies a Bearer token: signature, issuer, audience and expiry. */
export async function verifyIdToken(token: string | undefined): Promise<TokenCheck> {
  if (!token) return { ok: false, reason: 'missing' };
  try {
    const payload = await verifyWithKeys(token, { issuer: ISSUER, audience: AUDIENCE });
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string')
      return { ok: false, reason: 'invalid' };
    const adminLevel = typeof payload.adminLevel === 'number' ? payload.adminLevel : undefined;
    const amr = Array.isArray(payload.amr) ? payload.amr.filter((method) => typeof method === 'string') : [];
    return {
      ok: true,
      claims: {
        uid: payload.sub,
        email: payload.email,
        ...(adminLevel ? { adminLevel } : {}),
        ...(amr.length ? { amr } : {}),
        ...(typeof payload.iat === 'number' ? { issuedAt: payload.iat } : {}),
      },
    };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'invalid' };
  }
}

/** The token of an `Authorization: Bearer <token>` header. */
export function bearerToken(headers: Record<string, string | undefined> | undefined): string | undefined {
  const value = headers?.authorization ?? headers?.Authorization;
  const match = value?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}
