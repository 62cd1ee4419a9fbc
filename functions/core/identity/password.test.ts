import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, PASSWORD_HASH_PARAMS, verifyPassword } from './password.ts';

describe('password storage', () => {
  it('uses scrypt at the OWASP parameters, salted, and verifies only the right password', async () => {
    expect(PASSWORD_HASH_PARAMS.N).toBeGreaterThanOrEqual(2 ** 17);
    expect(PASSWORD_HASH_PARAMS.r).toBeGreaterThanOrEqual(8);
    const [first, second] = await Promise.all([hashPassword('engine42'), hashPassword('engine42')]);
    expect(first).toMatch(/^scrypt\$N=131072,r=8,p=1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('engine42');
    expect(await verifyPassword('engine42', first)).toBe(true);
    expect(await verifyPassword('engine43', first)).toBe(false);
    expect(needsRehash(first)).toBe(false);
    // Four hashes of 128 MiB each: slow on a busy machine by design, so not the default 5 s budget.
  }, 60_000);
  it('asks for a re-hash of weaker or unknown hashes, and never verifies garbage', async () => {
    expect(needsRehash('scrypt$N=16384,r=8,p=1$AAAA$AAAA')).toBe(true);
    expect(needsRehash('md5$abc')).toBe(true);
    expect(await verifyPassword('x', 'md5$abc')).toBe(false);
  });
});
