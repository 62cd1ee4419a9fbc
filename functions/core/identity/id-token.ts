import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { signingSecret } from './signing-secret.ts';

/** Claims of an ID token. `adminLevel` is present (>= 1) only on operators' tokens. */
export interface IdTokenClaims {
  uid: string;
  email: string;
  adminLevel?: number;
}

const ISSUER = 'cutloom-auth';
const AUDIENCE = 'cutloom';
/** ID tokens live one hour; the web refreshes them (the console every 55 minutes). */
export const ID_TOKEN_TTL_SECONDS = 3600;

export async function signIdToken(claims: IdTokenClaims, ttlSeconds = ID_TOKEN_TTL_SECONDS): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: claims.email, ...(claims.adminLevel ? { adminLevel: claims.adminLevel } : {}) })
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
 * Tokens of the links the product mails or hands out (e-mail verification, password reset, the answer
 * to a renewal's consent, the account deletion a fresh sign-in allows). They share the ID tokens' key
 * but not their audience, so neither kind passes for the other, and each purpose has its own audience
 * so a verification link cannot reset a password.
 */
export type LinkPurpose =
  | 'verify-email'
  | 'verify-parent-email'
  | 'reset-password'
  | 'renewal-consent'
  | 'delete-account';
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
    return {
      ok: true,
      claims: { uid: payload.sub, email: payload.email, ...(adminLevel ? { adminLevel } : {}) },
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
