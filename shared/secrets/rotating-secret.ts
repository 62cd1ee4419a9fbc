/**
 * A secret rotated without downtime: the key in use and the one before it, each with an id. The ID-token
 * signing key and the origin header secret are kept so, as JSON in Secrets Manager. Tokens are signed with
 * `key` and carry `keyId` (the JWT's `kid`); a token of the previous key, or a request with the previous
 * origin header, is still accepted until the next rotation (`npm run rotate-secret`, docs/deploying.md).
 */
export interface RotatingSecret {
  keyId: string;
  key: string;
  previousKeyId?: string;
  previousKey?: string;
}

/** The JSON key CloudFormation generates into, and the id of that first key. */
export const GENERATED_KEY_FIELD = 'key';
export const FIRST_KEY_ID = 'first';

/** A secret's text as a rotating secret; a value that is not one is a mistake of whoever wrote it. */
export function parseRotatingSecret(text: string): RotatingSecret {
  const value = JSON.parse(text) as Partial<RotatingSecret>;
  if (typeof value.keyId !== 'string' || typeof value.key !== 'string' || !value.key)
    throw new Error('A rotating secret holds {keyId, key} (and previousKeyId, previousKey after a rotation)');
  return {
    keyId: value.keyId,
    key: value.key,
    ...(typeof value.previousKeyId === 'string' && typeof value.previousKey === 'string'
      ? { previousKeyId: value.previousKeyId, previousKey: value.previousKey }
      : {}),
  };
}

/** The secret after a rotation to `key`: the key in use becomes the previous one, the one before is dropped. */
export function rotated(secret: RotatingSecret, key: string, keyId: string): RotatingSecret {
  if (keyId === secret.keyId) throw new Error(`The new key needs an id of its own (not ${keyId})`);
  return { keyId, key, previousKeyId: secret.keyId, previousKey: secret.key };
}

/** The key a `kid` names: the current one, the previous one, or none. No `kid` (a token older than key ids) is the current key. */
export function keyNamed(secret: RotatingSecret, keyId: string | undefined): string | undefined {
  if (keyId === undefined || keyId === secret.keyId) return secret.key;
  return keyId === secret.previousKeyId ? secret.previousKey : undefined;
}

/** A new key's id: when it was made (`2026-11-27T01:40:00Z`), so a rotation can tell how old the key in use is. */
export function keyIdAt(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** When the key in use was made; undefined for the first, generated key. */
export function keyMadeAt(secret: RotatingSecret): Date | undefined {
  const at = new Date(secret.keyId);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/**
 * Whether a rotation now keeps every token still valid verifiable: it drops the previous key, whose
 * tokens were all signed before the key in use was made, so that key must be older than a token lives.
 */
export function mayRotate(secret: RotatingSecret, now: Date, longestTokenSeconds: number): boolean {
  const madeAt = keyMadeAt(secret);
  return !secret.previousKey || !madeAt || now.getTime() - madeAt.getTime() >= longestTokenSeconds * 1000;
}

/** Every key accepted now: the current one and, after a rotation, the previous one. */
export function acceptedKeys(secret: RotatingSecret): string[] {
  return secret.previousKey ? [secret.key, secret.previousKey] : [secret.key];
}
