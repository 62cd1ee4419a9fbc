import type { AnalyticsEvent } from '../../../shared/api/analytics.ts';
import { nowMs } from '../clock.ts';
import { db } from '../data/service.ts';
import { PaymentError } from '../errors.ts';

const DAY_MS = 86_400_000;
/** The browser keeps unsent events 7 days (section 9); anything older is not ours to accept. */
export const OLDEST_EVENT_MS = 7 * DAY_MS;
/** Clocks drift: an event up to an hour ahead of the server is accepted. */
export const NEWEST_EVENT_MS = 3_600_000;
/** Stored events live 90 days in the table (the analysis window), then DynamoDB deletes them. */
export const EVENT_RETENTION_MS = 90 * DAY_MS;

/** Events whose time lies within what a browser's buffer can hold; the rest are dropped, not failed. */
export function eventsInWindow(events: readonly AnalyticsEvent[], at: number): AnalyticsEvent[] {
  return events.filter(
    (event) => event.unixTimestampMs >= at - OLDEST_EVENT_MS && event.unixTimestampMs <= at + NEWEST_EVENT_MS,
  );
}

/**
 * Stores a batch of events. Each event's key is its client id and insertId, so storing a batch again
 * (a flush whose answer was lost) changes nothing. Returns how many events were within the window.
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
  let pending = items;
  for (let attempt = 0; attempt < 3 && pending.length > 0; attempt += 1) {
    const { unprocessed } = await db().entities.analyticsEvent.put(pending).go();
    const left = new Set(unprocessed.map((key) => `${key.cid}\u0000${key.insertId}`));
    pending = pending.filter((item) => left.has(`${item.cid}\u0000${item.insertId}`));
  }
  if (pending.length > 0) throw new PaymentError('DB_ERROR', 'Some analytics events could not be stored');
  return accepted.length;
}
