import { describe, expect, it } from 'vitest';
import type { AnalyticsEvent } from '../../../shared/api/analytics.ts';
import { eventsInWindow, NEWEST_EVENT_MS, OLDEST_EVENT_MS } from './store-events.ts';

const at = (unixTimestampMs: number) => ({ unixTimestampMs }) as AnalyticsEvent;

describe('the accepted event window', () => {
  it('keeps events from the last 7 days up to an hour ahead, and drops the rest', () => {
    const now = 1_800_000_000_000;
    const kept = eventsInWindow(
      [
        at(now - OLDEST_EVENT_MS - 1),
        at(now - OLDEST_EVENT_MS),
        at(now),
        at(now + NEWEST_EVENT_MS),
        at(now + NEWEST_EVENT_MS + 1),
      ],
      now,
    );
    expect(kept.map((event) => event.unixTimestampMs - now)).toEqual([-OLDEST_EVENT_MS, 0, NEWEST_EVENT_MS]);
  });
});
