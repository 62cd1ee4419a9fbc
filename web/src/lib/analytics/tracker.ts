import type { AnalyticsEvent } from '../../../../shared/api/analytics.ts';
import { routePath } from '../../../../shared/api/define-route.ts';
import { ANALYTICS_V2 } from '../../../../shared/api/public-addresses.ts';
import { callRoute } from '../api-client.ts';
import { readAcquisition } from './acquisition.ts';
import { trackingClient } from './client-id.ts';
import { type BufferedEvent, EVENT_LIFETIME_MS, type EventBuffer, type EventProps } from './event-buffer.ts';

/** Section 9: events of one session group are at most 30 minutes apart; the flush runs every second. */
export const SESSION_WINDOW_MS = 30 * 60_000;
export const FLUSH_INTERVAL_MS = 1000;
export const SESSION_KEY = 'cutloom.analytics-session';
/** The web's client type on the wire. */
export const WEB_CLIENT_TYPE = 'landing';

/** The session group an event at `now` belongs to: the current one unless 30 minutes passed. */
export function sessionFor(
  previous: { id: string; lastEventAt: number } | undefined,
  cid: string,
  now: number,
): { id: string; lastEventAt: number } {
  if (previous && now - previous.lastEventAt < SESSION_WINDOW_MS)
    return { id: previous.id, lastEventAt: now };
  return { id: `${cid}:${now}`, lastEventAt: now };
}

/** Buffered events grouped by session, each group oldest first, groups in order of their first event. */
export function sessionGroups(events: readonly BufferedEvent[]): BufferedEvent[][] {
  const groups = new Map<string, BufferedEvent[]>();
  for (const event of [...events].sort((a, b) => a.unixTimestampMs - b.unixTimestampMs)) {
    const group = groups.get(event.sessionId) ?? [];
    group.push(event);
    groups.set(event.sessionId, group);
  }
  return [...groups.values()];
}

export function toWire(
  event: BufferedEvent,
  client: { cid: string; cidTimestamp: number; osName: string },
): AnalyticsEvent {
  const { installCode } = readAcquisition();
  return {
    cid: client.cid,
    cidTimestamp: client.cidTimestamp,
    category: event.props.category,
    action: event.eventName,
    label: event.props.label,
    osName: client.osName,
    installCode,
    pathname: event.props.pathname,
    customValue: event.props.customValue,
    insertId: event.insertId,
    unixTimestampMs: event.unixTimestampMs,
    sessionId: event.sessionId,
  };
}

/**
 * The tracker: `track` buffers every event; while analytics is on (the visitor is sampled) the
 * buffer is flushed every second, one request per session group; `flushByBeacon` hands what is
 * left to the browser when the visitor leaves a page that must not lose events (the payment page).
 */
export class Tracker {
  private on = false;
  private timer: ReturnType<typeof setInterval> | undefined;
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly buffer: EventBuffer,
    private readonly osName: string,
    private readonly clock: () => number = Date.now,
  ) {}

  async track(action: string, props: Omit<EventProps, 'pathname'> & { pathname?: string }): Promise<void> {
    const now = this.clock();
    const client = trackingClient(now);
    let previous: { id: string; lastEventAt: number } | undefined;
    try {
      previous = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null') ?? undefined;
    } catch {
      previous = undefined;
    }
    const session = sessionFor(previous, client.cid, now);
    try {
      sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
    } catch {
      // Storage blocked: every event starts its own group, which the server accepts all the same.
    }
    await this.buffer.add({
      eventName: action,
      props: { ...props, pathname: props.pathname ?? location.pathname },
      unixTimestampMs: now,
      insertId: crypto.randomUUID(),
      sessionId: session.id,
      createdAt: now,
      expiresAt: now + EVENT_LIFETIME_MS,
    });
  }

  /** Turns analytics on (flush every second) or off (events stay buffered). */
  setOn(on: boolean): void {
    this.on = on;
    if (on && !this.timer) this.timer = setInterval(() => void this.flush(), FLUSH_INTERVAL_MS);
    if (!on && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  /** Sends the buffered events, one request per session group; a failed group stays for the next flush. */
  flush(): Promise<void> {
    if (!this.on) return Promise.resolve();
    this.flushing ??= (async () => {
      try {
        const client = { ...trackingClient(this.clock()), osName: this.osName };
        for (const group of sessionGroups(await this.buffer.list(this.clock()))) {
          try {
            await callRoute(ANALYTICS_V2, {
              clientType: WEB_CLIENT_TYPE,
              events: group.map((event) => toWire(event, client)),
            });
            await this.buffer.remove(group.map((event) => event.insertId));
          } catch (error) {
            console.warn('Analytics flush failed; the events stay buffered', error);
            return;
          }
        }
      } finally {
        this.flushing = undefined;
      }
    })();
    return this.flushing;
  }

  /** Hands the buffered events to the browser as the page goes away (they are resent if it fails). */
  async flushByBeacon(): Promise<void> {
    if (!this.on || typeof navigator.sendBeacon !== 'function') return;
    const client = { ...trackingClient(this.clock()), osName: this.osName };
    for (const group of sessionGroups(await this.buffer.list(this.clock()))) {
      const body = JSON.stringify({
        clientType: WEB_CLIENT_TYPE,
        events: group.map((event) => toWire(event, client)),
      });
      navigator.sendBeacon(routePath(ANALYTICS_V2), new Blob([body], { type: 'application/json' }));
    }
  }
}
