import { useEffect, useState } from 'react';
import { LATEST } from '../../../../../shared/api/public-addresses.ts';
import type { DownloadSpec } from '../../../../../shared/downloads/download-packages.ts';
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

export async function getLatest(
  input: LatestInput,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<DownloadSpec> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await callRoute(LATEST, { ...input, clientType: 'landing' });
    } catch (error) {
      if (attempt >= LATEST_ATTEMPTS) throw error;
      await wait(LATEST_RETRY_DELAY_MS);
    }
  }
}

/** One request per page view, shared by every download button of the page. */
let pending: Promise<DownloadSpec> | undefined;

/** The visit's answer, kept in the tab's session storage: the pages of one visit ask once (issue 36). */
export const LATEST_VISIT_KEY = 'cutloom.latest';

function visitLatest(): DownloadSpec | undefined {
  try {
    const stored = sessionStorage.getItem(LATEST_VISIT_KEY);
    return stored ? (JSON.parse(stored) as DownloadSpec) : undefined;
  } catch {
    return undefined;
  }
}

async function latestOfVisit(input: LatestInput): Promise<DownloadSpec> {
  const known = visitLatest();
  if (known) return known;
  const spec = await getLatest(input);
  try {
    sessionStorage.setItem(LATEST_VISIT_KEY, JSON.stringify(spec));
  } catch {
    // Storage full or blocked: the next page load asks again.
  }
  return spec;
}

/**
 * The release feed, asked once the page runs in a browser (pre-rendered HTML shows the neutral
 * buttons), and once per visit: the pages of the payment flow, the return from the provider's checkout
 * included, make no call for it. A module-level promise instead of a query cache: the landing page's
 * JavaScript budget has no room for the query observer, and one shared request is all this needs.
 */
export function useLatest(input: LatestInput, enabled: boolean): { data: DownloadSpec | undefined } {
  const [data, setData] = useState<DownloadSpec>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the feed is asked once per page; the input only describes the visitor for the server's log
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    pending ??= latestOfVisit(input).catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    pending.then(
      (spec) => live && setData(spec),
      (error: unknown) => console.warn('The release feed did not answer', error),
    );
    return () => {
      live = false;
    };
  }, [enabled]);
  return { data };
}
