import { decodeProtectedHeader, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type SecretsManagerPeer,
  startSecretsManagerPeer,
} from '../../../scripts/local/secrets-manager-peer.ts';
import { rotated } from '../../../shared/secrets/rotating-secret.ts';
import { SECRET_CACHE_SECONDS } from '../../../shared/timeouts.ts';
import { signIdToken, signLinkToken, verifyIdToken, verifyLinkToken } from './id-token.ts';

/**
 * The signing key in AWS: a rotating secret read through Powertools Parameters (Secrets Manager answered by
 * a loopback peer). Tokens carry the key's id; a rotation signs no one out.
 */
const ARN = 'arn:aws:secretsmanager:ap-northeast-2:000000000000:secret:id-token-key';
const first = { keyId: 'first', key: 'the-first-signing-key-0123456789' };
const second = rotated(first, 'the-second-signing-key-012345678', 'second');
let peer: SecretsManagerPeer;
const claims = { uid: 'u1', email: 'u1@example.com' };

/** A token another container signed, with the key and key id it holds. */
const signedElsewhere = (key: string, keyId?: string) =>
  new SignJWT({ email: claims.email })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...(keyId ? { kid: keyId } : {}) })
    .setSubject(claims.uid)
    .setIssuer('cutloom-auth')
    .setAudience('cutloom')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(key));

beforeAll(async () => {
  peer = await startSecretsManagerPeer();
  peer.put(ARN, JSON.stringify(first));
  delete process.env.ID_TOKEN_SECRET;
  process.env.ID_TOKEN_SECRET_ARN = ARN;
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterAll(async () => {
  vi.useRealTimers();
  delete process.env.ID_TOKEN_SECRET_ARN;
  await peer.close();
});

describe('ID and link tokens under a rotating key', () => {
  it('carry the id of the key that signed them', async () => {
    const token = await signIdToken(claims);
    expect(decodeProtectedHeader(token).kid).toBe('first');
    expect(await verifyIdToken(token)).toMatchObject({ ok: true, claims });
    // Tokens signed before key ids existed are the current key's.
    expect(await verifyIdToken(await signedElsewhere(first.key))).toMatchObject({ ok: true, claims });
  });

  it('verify a token of a key rotated in after this container read the secret', async () => {
    const before = await signIdToken(claims);
    const link = await signLinkToken('reset-password', claims.uid, {}, 3600);
    peer.put(ARN, JSON.stringify(second));
    const reads = peer.reads.length;
    expect(await verifyIdToken(await signedElsewhere(second.key, 'second'))).toMatchObject({
      ok: true,
      claims,
    });
    expect(peer.reads.length).toBe(reads + 1);
    // The tokens signed before the rotation stay valid: nobody is signed out.
    expect(await verifyIdToken(before)).toMatchObject({ ok: true, claims });
    expect((await verifyLinkToken('reset-password', link)).ok).toBe(true);
  });

  it('sign with the new key once the cache time has passed, and drop the key two rotations old', async () => {
    vi.advanceTimersByTime((SECRET_CACHE_SECONDS + 1) * 1000);
    const token = await signIdToken(claims);
    expect(decodeProtectedHeader(token).kid).toBe('second');
    const oldest = await signedElsewhere(first.key, 'first');
    expect((await verifyIdToken(oldest)).ok).toBe(true);
    peer.put(ARN, JSON.stringify(rotated(second, 'the-third-signing-key-0123456789', 'third')));
    vi.advanceTimersByTime((SECRET_CACHE_SECONDS + 1) * 1000);
    expect(await verifyIdToken(oldest)).toEqual({ ok: false, reason: 'invalid' });
    expect((await verifyIdToken(token)).ok).toBe(true);
  });

  it('refuse a token whose key id no secret holds, or signed with another key under a known id', async () => {
    expect(await verifyIdToken(await signedElsewhere('a-key-nobody-has-0123456789abcd', 'forged'))).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await verifyIdToken(await signedElsewhere('a-key-nobody-has-0123456789abcd', 'third'))).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });
});
