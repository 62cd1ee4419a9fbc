import { useEffect } from 'react';
import { recordAcquisition } from './acquisition.ts';
import { startAnalytics, track } from './index.ts';

/**
 * Site-wide analytics: the acquisition data of this visit, a page view per navigation, and the
 * sampling decision once the visitor's country is known (asked when the page is idle, so it never
 * competes with the page's own requests).
 */
export function useSiteAnalytics(pathname: string, country: () => Promise<string>): void {
  useEffect(() => {
    recordAcquisition(new URL(location.href), document.referrer);
    const start = () => void country().then(startAnalytics);
    if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 4000 });
    else setTimeout(start, 2000);
  }, [country]);
  useEffect(() => {
    track('page', 'view', { label: pathname });
  }, [pathname]);
}
