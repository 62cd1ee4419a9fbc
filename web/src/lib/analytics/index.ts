import { detectOs } from '../browser.ts';
import { trackingClient } from './client-id.ts';
import { indexedDbBuffer, memoryBuffer } from './event-buffer.ts';
import { type FunnelStage, FunnelTracker } from './funnel.ts';
import { isSampled } from './sampling.ts';
import { Tracker } from './tracker.ts';

let tracker: Tracker | undefined;

function theTracker(): Tracker {
  tracker ??= new Tracker(
    typeof indexedDB === 'undefined' ? memoryBuffer() : indexedDbBuffer(),
    detectOs(navigator.userAgent, navigator.maxTouchPoints),
  );
  return tracker;
}

/** Logs an event; it is buffered at once and sent while analytics is on. */
export function track(
  category: string,
  action: string,
  extra: { label?: string; customValue?: string | number } = {},
) {
  void theTracker()
    .track(action, { category, ...extra })
    .catch((error) => console.warn('Analytics event lost', error));
}

/** Turns analytics on for sampled visitors (3 percent by client id, everyone in the US and Canada). */
export function startAnalytics(country: string | undefined): void {
  theTracker().setOn(isSampled(trackingClient().cid, country));
}

export function flushAnalyticsByBeacon(): void {
  void theTracker().flushByBeacon();
}

let funnelTracker: FunnelTracker | undefined;
/** The payment funnel of this tab; each stage reached is an analytics event. */
export function funnel(): FunnelTracker {
  funnelTracker ??= new FunnelTracker(sessionStorage, (stage: FunnelStage) => track('funnel', stage));
  return funnelTracker;
}

export { trackingClient };
