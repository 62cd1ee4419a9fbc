/** Section 9: 3 percent of users, chosen by a hash of their client id; always in the US and Canada. */
export const SAMPLE_PER_10000 = 300;
export const ALWAYS_SAMPLED_COUNTRIES: readonly string[] = ['US', 'CA'];

/** FNV-1a, 32 bits: stable across browsers and sessions, so a visitor stays in or out. */
export function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export function isSampled(cid: string, country: string | undefined): boolean {
  if (country && ALWAYS_SAMPLED_COUNTRIES.includes(country)) return true;
  return hashOf(cid) % 10_000 < SAMPLE_PER_10000;
}
