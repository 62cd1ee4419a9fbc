import { queryOptions, useQuery } from '@tanstack/react-query';
import { GEOIP } from '../../../../../shared/api/public-addresses.ts';
import { callRoute } from '../../../lib/api-client.ts';

/** The answer is kept in this browser for a day, so each visitor asks at most once a day. */
export const GEOIP_STORAGE_KEY = 'cutloom.geoip';
const DAY_MS = 86_400_000;

function remembered(now: number): string | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(GEOIP_STORAGE_KEY) ?? 'null') as {
      country?: unknown;
      at?: unknown;
    } | null;
    if (typeof stored?.country === 'string' && typeof stored.at === 'number' && now - stored.at < DAY_MS)
      return stored.country;
  } catch {
    // Storage unavailable or corrupt: ask the server.
  }
  return undefined;
}

/** The visitor's country (ISO alpha-2; 'ZZ' when unknown or unreachable, never an error). */
export async function getGeoip(now = Date.now()): Promise<string> {
  const cached = remembered(now);
  if (cached) return cached;
  try {
    const { country } = await callRoute(GEOIP, {});
    try {
      localStorage.setItem(GEOIP_STORAGE_KEY, JSON.stringify({ country, at: now }));
    } catch {
      // Storage full or blocked: the in-memory query cache still holds it for this visit.
    }
    return country;
  } catch {
    return 'ZZ';
  }
}

export const geoipQuery = () =>
  queryOptions({ queryKey: ['geoip'], queryFn: () => getGeoip(), staleTime: Number.POSITIVE_INFINITY });

export const useGeoip = () => useQuery(geoipQuery());
