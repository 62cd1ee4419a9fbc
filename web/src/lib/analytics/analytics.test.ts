import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextAcquisition } from './acquisition.ts';
import { trackingClient } from './client-id.ts';
import {
  BUFFER_DATABASE,
  BUFFER_LIMIT,
  type BufferedEvent,
  EVENT_LIFETIME_MS,
  indexedDbBuffer,
  memoryBuffer,
} from './event-buffer.ts';
import { FUNNEL_STAGES, FunnelTracker } from './funnel.ts';
import { hashOf, isSampled } from './sampling.ts';
import { SESSION_WINDOW_MS, sessionFor, sessionGroups } from './tracker.ts';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

const event = (at: number, sessionId = 's1', insertId = `id-${at}`): BufferedEvent => ({
  eventName: 'view',
  props: { category: 'page', pathname: '/en' },
  unixTimestampMs: at,
  insertId,
  sessionId,
  createdAt: at,
  expiresAt: at + EVENT_LIFETIME_MS,
});

describe('acquisition data', () => {
  it('keeps the campaign, affiliate, app version and deeplink action of the visit, and an outside referrer with its time', () => {
    const url = new URL(
      'https://www.cutloom.app/en?utm_source=news&utm_medium=email&utm_campaign=fall&utm_term=ai&utm_content=a&gclid=G1&affiliate=partner7&appVersion=3.3.3&action=try',
    );
    expect(nextAcquisition({}, url, 'https://search.example/q', 1000)).toEqual({
      utm_source: 'news',
      utm_medium: 'email',
      utm_campaign: 'fall',
      utm_term: 'ai',
      utm_content: 'a',
      gclid: 'G1',
      affiliateCode: 'partner7',
      appVersion: '3.3.3',
      deeplinkAction: 'try',
      referrer: 'https://search.example/q',
      referrerAt: 1000,
    });
  });

  it('does not forget earlier values on a plain visit, nor count our own pages as a referrer', () => {
    const previous = { utm_source: 'news', referrer: 'https://a.example/', referrerAt: 5 };
    expect(
      nextAcquisition(previous, new URL('https://www.cutloom.app/ko'), 'https://www.cutloom.app/en', 9),
    ).toEqual(previous);
  });
});

describe('the tracking client id', () => {
  it("is created once with the web's 'w-' prefix and its creation time", () => {
    const storage = memoryStorage();
    const first = trackingClient(1234, storage);
    expect(first.cid).toMatch(/^w-[0-9a-f-]{36}$/);
    expect(first.cidTimestamp).toBe(1234);
    expect(trackingClient(9999, storage)).toEqual(first);
  });
});

describe('sampling', () => {
  it('always includes visitors from the US and Canada', () => {
    expect(isSampled('w-anything', 'US')).toBe(true);
    expect(isSampled('w-anything', 'CA')).toBe(true);
  });

  it('includes about 3 percent of other visitors, the same ones every time', () => {
    const ids = Array.from({ length: 20_000 }, (_, index) => `w-${index.toString(36)}-visitor`);
    const share = ids.filter((id) => isSampled(id, 'KR')).length / ids.length;
    expect(share).toBeGreaterThan(0.025);
    expect(share).toBeLessThan(0.035);
    expect(isSampled(ids[7] as string, 'JP')).toBe(hashOf(ids[7] as string) % 10_000 < 300);
  });
});

describe('session groups', () => {
  it('continue a session within 30 minutes and start a new one after', () => {
    const first = sessionFor(undefined, 'w-1', 1000);
    expect(sessionFor(first, 'w-1', 1000 + SESSION_WINDOW_MS - 1).id).toBe(first.id);
    expect(sessionFor({ ...first, lastEventAt: 1000 }, 'w-1', 1000 + SESSION_WINDOW_MS).id).not.toBe(
      first.id,
    );
  });

  it('group buffered events by session, oldest first', () => {
    const groups = sessionGroups([event(30, 'b'), event(10, 'a'), event(20, 'b'), event(40, 'a')]);
    expect(groups.map((group) => group.map((item) => item.unixTimestampMs))).toEqual([
      [10, 40],
      [20, 30],
    ]);
  });
});

describe('the event buffer', () => {
  beforeEach(() => {
    indexedDB.deleteDatabase(BUFFER_DATABASE);
  });

  it('keeps at most 1000 events, dropping the oldest, and forgets expired ones', async () => {
    for (const buffer of [memoryBuffer(), indexedDbBuffer()]) {
      const start = 1_000_000;
      for (let index = 0; index < BUFFER_LIMIT + 5; index += 1) await buffer.add(event(start + index));
      const kept = await buffer.list(start + BUFFER_LIMIT + 5);
      expect(kept).toHaveLength(BUFFER_LIMIT);
      expect(kept[0]?.unixTimestampMs).toBe(start + 5);
      expect(await buffer.list(start + 5 + EVENT_LIFETIME_MS)).toHaveLength(BUFFER_LIMIT - 1);
      await buffer.remove(kept.map((item) => item.insertId));
      expect(await buffer.list(start)).toHaveLength(0);
    }
  });

  it('survives a new page (IndexedDB), and on a database failure deletes the local databases and keeps working', async () => {
    await indexedDbBuffer().add(event(1));
    expect(await indexedDbBuffer().list(1)).toHaveLength(1);

    const deleted: string[] = [];
    const broken = {
      open: () => {
        throw new Error('disk full');
      },
      databases: async () => [
        { name: BUFFER_DATABASE, version: 1 },
        { name: 'other', version: 1 },
      ],
      deleteDatabase: (name: string) => {
        deleted.push(name);
        const request = {} as IDBOpenDBRequest;
        queueMicrotask(() => request.onsuccess?.(new Event('success')));
        return request;
      },
      cmp: indexedDB.cmp.bind(indexedDB),
    } as unknown as IDBFactory;
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('indexedDB', broken);
    const buffer = indexedDbBuffer(broken);
    await buffer.add(event(2));
    expect(deleted.sort()).toEqual([BUFFER_DATABASE, 'other']);
    expect(await buffer.list(2)).toHaveLength(1);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
});

describe('the funnel tracker', () => {
  it('starts at PricingPageViewed, moves to any stage (reporting each change once) and resets', () => {
    const reported: string[] = [];
    const funnel = new FunnelTracker(memoryStorage(), (stage) => reported.push(stage));
    expect(funnel.stage).toBe('PricingPageViewed');
    funnel.set('PaymentGatewayOpened');
    funnel.set('PaymentGatewayOpened');
    funnel.set('PaymentSignInModalOpened');
    expect(funnel.stage).toBe('PaymentSignInModalOpened');
    expect(reported).toEqual(['PaymentGatewayOpened', 'PaymentSignInModalOpened']);
    funnel.reset();
    expect(funnel.stage).toBe('PricingPageViewed');
    expect(FUNNEL_STAGES).toHaveLength(6);
  });
});
