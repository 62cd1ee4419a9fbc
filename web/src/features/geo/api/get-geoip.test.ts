import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GEOIP_STORAGE_KEY, getGeoip } from './get-geoip.ts';

const store = new Map<string, string>();
let calls = 0;

beforeEach(() => {
  store.clear();
  calls = 0;
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => store.set(key, value),
  });
});
afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown) {
  vi.stubGlobal('fetch', async () => {
    calls += 1;
    return new Response(JSON.stringify(body), { status });
  });
}

describe('the visitor country', () => {
  it('asks the server once a day and remembers the answer in between', async () => {
    answer(200, { country: 'US' });
    const day = 86_400_000;
    expect(await getGeoip(1_000)).toBe('US');
    expect(await getGeoip(1_000 + day - 1)).toBe('US');
    expect(calls).toBe(1);
    answer(200, { country: 'CA' });
    expect(await getGeoip(1_000 + day)).toBe('CA');
    expect(calls).toBe(2);
    expect(JSON.parse(store.get(GEOIP_STORAGE_KEY) ?? '{}')).toEqual({ country: 'CA', at: 1_000 + day });
  });

  it("answers 'ZZ' when the server cannot tell, and asks again next time", async () => {
    answer(503, { message: 'Service Unavailable' });
    expect(await getGeoip(5)).toBe('ZZ');
    expect(store.has(GEOIP_STORAGE_KEY)).toBe(false);
    answer(200, { country: 'JP' });
    expect(await getGeoip(6)).toBe('JP');
  });
});
