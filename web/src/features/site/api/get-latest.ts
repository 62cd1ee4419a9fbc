import { queryOptions, useQuery } from '@tanstack/react-query';
import { latest } from '../../../../../shared/api/downloads.ts';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { callRoute } from '../../../lib/api-client.ts';

/** Section 9: the download spec is fetched at most 20 times, 500 ms apart. */
export const LATEST_ATTEMPTS = 20;
export const LATEST_RETRY_DELAY_MS = 500;

export interface LatestInput {
  cid: string | undefined;
  language: SiteLanguage;
  osName: string;
}

export const getLatest = (input: LatestInput) => callRoute(latest, { ...input, clientType: 'landing' });

export const latestQuery = (input: LatestInput) =>
  queryOptions({
    queryKey: ['latest', input.language],
    queryFn: () => getLatest(input),
    retry: LATEST_ATTEMPTS - 1,
    retryDelay: LATEST_RETRY_DELAY_MS,
    staleTime: 10 * 60_000,
  });

/** The release feed, asked once the page runs in a browser (pre-rendered HTML shows the neutral buttons). */
export const useLatest = (input: LatestInput, enabled: boolean) =>
  useQuery({ ...latestQuery(input), enabled });
