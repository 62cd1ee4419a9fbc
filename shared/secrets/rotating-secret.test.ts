import { describe, expect, it } from 'vitest';
import {
  acceptedKeys,
  keyIdAt,
  keyNamed,
  mayRotate,
  parseRotatingSecret,
  rotated,
} from './rotating-secret.ts';

const first = parseRotatingSecret(JSON.stringify({ keyId: 'first', key: 'k1' }));

describe('a rotating secret', () => {
  it('after a rotation signs with the new key and still accepts the one before it', () => {
    const second = rotated(first, 'k2', 'second');
    expect(second).toEqual({ keyId: 'second', key: 'k2', previousKeyId: 'first', previousKey: 'k1' });
    expect(keyNamed(second, 'second')).toBe('k2');
    expect(keyNamed(second, 'first')).toBe('k1');
    expect(acceptedKeys(second)).toEqual(['k2', 'k1']);
  });

  it('drops the key two rotations old', () => {
    const third = rotated(rotated(first, 'k2', 'second'), 'k3', 'third');
    expect(keyNamed(third, 'first')).toBeUndefined();
    expect(acceptedKeys(third)).toEqual(['k3', 'k2']);
  });

  it('names the current key for a token without a key id, and no key for an unknown one', () => {
    expect(keyNamed(first, undefined)).toBe('k1');
    expect(keyNamed(first, 'other')).toBeUndefined();
    expect(acceptedKeys(first)).toEqual(['k1']);
  });

  it('refuses a new key under the id in use, and a value that is no rotating secret', () => {
    expect(() => rotated(first, 'k2', 'first')).toThrow();
    expect(() => parseRotatingSecret('"plain text"')).toThrow();
    expect(() => parseRotatingSecret(JSON.stringify({ keyId: 'a', key: '' }))).toThrow();
  });

  it('may rotate again only once the key in use is older than the longest-lived token', () => {
    const day = 24 * 3600;
    const madeAt = new Date('2026-11-01T00:00:00Z');
    const second = rotated(first, 'k2', keyIdAt(madeAt));
    expect(second.keyId).toBe('2026-11-01T00:00:00Z');
    // Nothing is dropped while only the first key exists.
    expect(mayRotate(first, madeAt, 31 * day)).toBe(true);
    expect(mayRotate(second, new Date('2026-12-01T23:59:59Z'), 31 * day)).toBe(false);
    expect(mayRotate(second, new Date('2026-12-02T00:00:00Z'), 31 * day)).toBe(true);
  });
});
