import type { AnalyticsEvent } from '../../../shared/api/analytics.ts';
import { analyticsSink } from '../adapters/analytics-sink.ts';
import { nowMs } from '../clock.ts';

const DAY_MS = 86_400_000;
/** The browser keeps unsent events 7 days (section 9); anything older is not ours to accept. */
export const OLDEST_EVENT_MS = 7 * DAY_MS;
/** Clocks drift: an event up to an hour ahead of the server is accepted. */
export const NEWEST_EVENT_MS = 3_600_000;
/** Events kept in the table (one machine) live 90 days, then DynamoDB deletes them. */
export const EVENT_RETENTION_MS = 90 * DAY_MS;

/** Events whose time lies within what a browser's buffer can hold; the rest are dropped, not failed. */
export function eventsInWindow(events: readonly AnalyticsEvent[], at: number): AnalyticsEvent[] {
  return events.filter(
    (event) => event.unixTimestampMs >= at - OLDEST_EVENT_MS && event.unixTimestampMs <= at + NEWEST_EVENT_MS,
  );
}

/**
 * Stores a batch of events in the analytics sink (the S3 stream in AWS, the table on one machine).
 * Each event carries its client id and insertId, so a batch stored again (a flush whose answer was
 * lost) is recognisable as a repeat. Returns how many events were within the window.
 */
export async function storeAnalyticsEvents(input: {
  clientType: string;
  events: readonly AnalyticsEvent[];
  country: string | undefined;
}): Promise<number> {
  const receivedAt = nowMs();
  const accepted = eventsInWindow(input.events, receivedAt);
  if (accepted.length === 0) return 0;
  const ttl = Math.floor((receivedAt + EVENT_RETENTION_MS) / 1000);
  const items = accepted.map((event) => ({
    ...event,
    customValue: event.customValue === undefined ? undefined : String(event.customValue),
    clientType: input.clientType,
    country: input.country,
    receivedAt,
    ttl,
  }));
  await analyticsSink().put(items);
  return accepted.length;
}
