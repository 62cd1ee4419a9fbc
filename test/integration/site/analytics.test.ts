import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { db } from '../../../functions/core/data/service.ts';
import { analyticsV2 } from '../../../shared/api/analytics.ts';
import { call } from '../helpers.ts';

/** The runtime's clock: other tests move it forward (scheduler), and the server judges event times by it. */
async function serverNow(): Promise<number> {
  const clock = (await (await fetch(new URL('/_local/clock', inject('apiUrl')))).json()) as { now: string };
  return Date.parse(clock.now);
}

function event(cid: string, now: number, overrides: Record<string, unknown> = {}) {
  return {
    cid,
    cidTimestamp: now - 60_000,
    category: 'landing',
    action: 'download_click',
    label: 'windows',
    osName: 'Windows',
    pathname: '/en',
    insertId: randomUUID(),
    unixTimestampMs: now,
    sessionId: `${cid}:${now}`,
    ...overrides,
  };
}

const storedFor = async (cid: string) =>
  (await db().entities.analyticsEvent.query.byClient({ cid }).go({ pages: 'all' })).data;

describe('POST /payment/analytics-v2', () => {
  it('stores each event once, with a TTL, however often the batch is sent', async () => {
    const cid = `w-${randomUUID()}`;
    const now = await serverNow();
    const events = [event(cid, now), event(cid, now, { action: 'pricing_view', customValue: 3 })];
    const first = await call(analyticsV2, { clientType: 'landing', events });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ result: 'success', stored: 2 });
    await call(analyticsV2, { clientType: 'landing', events });
    const stored = await storedFor(cid);
    expect(stored).toHaveLength(2);
    expect(stored.find((item) => item.action === 'pricing_view')).toMatchObject({
      customValue: '3',
      clientType: 'landing',
    });
    for (const item of stored) expect(item.ttl).toBeGreaterThan(now / 1000 + 80 * 86_400);
  });

  it('drops events older than the browser may keep them, and stores the rest', async () => {
    const cid = `w-${randomUUID()}`;
    const now = await serverNow();
    const stale = event(cid, now, { unixTimestampMs: now - 8 * 86_400_000 });
    const { body } = await call(analyticsV2, { clientType: 'landing', events: [stale, event(cid, now)] });
    expect(body.stored).toBe(1);
    expect(await storedFor(cid)).toHaveLength(1);
  });

  it('refuses a malformed batch whole and stores nothing of it', async () => {
    const cid = `w-${randomUUID()}`;
    const now = await serverNow();
    const batches = [
      [event(cid, now), event('x-not-a-client-id', now)],
      [event(cid, now, { category: '' })],
      [],
    ];
    for (const bad of batches) {
      const { status, body } = await call(analyticsV2, { clientType: 'landing', events: bad });
      expect(status).toBe(400);
      expect(body.error.code).toBe('INVALID_ARGUMENT');
    }
    expect(await storedFor(cid)).toHaveLength(0);
  });
});
