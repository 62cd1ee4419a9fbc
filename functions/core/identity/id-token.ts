import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { signingSecret } from './signing-secret.ts';

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
  return new SignJWT({
    email: claims.email,
    ...(claims.adminLevel ? { adminLevel: claims.adminLevel } : {}),
    ...(claims.amr ? { amr: [...claims.amr] } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.uid)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(await signingSecret());
}

export type TokenCheck =
  | { ok: true; claims: IdTokenClaims }
  | { ok: false; reason: 'missing' | 'expired' | 'invalid' };

/**
 * Tokens of the links the product mails or hands out (e-mail verification, password reset). They
 * share the ID tokens' key but not their audience, so neither kind passes for the other, and each
 * purpose has its own audience so a verification link cannot reset a password.
 */
export type LinkPurpose =
  | 'verify-email'
  | 'verify-parent-email'
  | 'reset-password'
  /** An invitation to the staff (functions/core/staff/staff-invitations.ts). */
  | 'staff-invitation'
  /** The password step of a staff sign-in, exchanged for a session with the second factor. */
  | 'staff-second-factor';
const linkAudience = (purpose: LinkPurpose) => `${AUDIENCE}:link:${purpose}`;

export async function signLinkToken(
  purpose: LinkPurpose,
  uid: string,
  claims: Record<string, string | number>,
  ttlSeconds: number,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(uid)
    .setIssuer(ISSUER)
    .setAudience(linkAudience(purpose))
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(await signingSecret());
}

export type LinkTokenCheck =
  | { ok: true; uid: string; claims: Record<string, unknown> }
  | { ok: false; reason: 'expired' | 'invalid' };

export async function verifyLinkToken(purpose: LinkPurpose, token: string): Promise<LinkTokenCheck> {
  try {
    const { payload } = await jwtVerify(token, await signingSecret(), {
      issuer: ISSUER,
      audience: linkAudience(purpose),
      algorithms: ['HS256'],
    });
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
    const { payload } = await jwtVerify(token, await signingSecret(), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
    });
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
