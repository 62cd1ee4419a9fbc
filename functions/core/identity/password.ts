import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password storage with scrypt at the OWASP Password Storage Cheat Sheet's parameters
 * (N = 2^17, r = 8, p = 1: 128 MiB and about a third of a second of one core per hash), a 16-byte
 * random salt and a 32-byte key. Node's scrypt refuses more than 32 MiB unless maxmem is raised.
 * The stored form names its parameters, so they can be raised later and old hashes re-hashed at
 * the next sign-in (`needsRehash`).
 */
export const PASSWORD_HASH_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(
  password: string,
  salt: Buffer,
  params: { N: number; r: number; p: number },
): Promise<Buffer> {
  const options: ScryptOptions = {
    ...params,
    maxmem: 128 * params.N * params.r * params.p + 32 * 1024 * 1024,
  };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** `scrypt$N=131072,r=8,p=1$<salt b64>$<key b64>` */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, PASSWORD_HASH_PARAMS);
  const { N, r, p } = PASSWORD_HASH_PARAMS;
  return `scrypt$N=${N},r=${r},p=${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

function parse(stored: string) {
  const match = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(stored);
  if (!match) return undefined;
  return {
    params: { N: Number(match[1]), r: Number(match[2]), p: Number(match[3]) },
    salt: Buffer.from(match[4] as string, 'base64'),
    key: Buffer.from(match[5] as string, 'base64'),
  };
}

/** Whether the password matches the stored hash (compared in constant time). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** Whether a stored hash uses weaker parameters than today's. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  if (!parsed) return true;
  const { N, r, p } = parsed.params;
  return N < PASSWORD_HASH_PARAMS.N || r < PASSWORD_HASH_PARAMS.r || p < PASSWORD_HASH_PARAMS.p;
}
