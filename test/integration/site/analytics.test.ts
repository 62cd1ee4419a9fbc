import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { db } from '../../../functions/core/data/service.ts';
import { analyticsV2 } from '../../../shared/api/analytics.ts';
import { call } from '../helpers.ts';

function event(cid: string, overrides: Record<string, unknown> = {}) {
  return {
    cid,
    cidTimestamp: Date.now() - 60_000,
    category: 'landing',
    action: 'download_click',
    label: 'windows',
    osName: 'Windows',
    pathname: '/en',
    insertId: randomUUID(),
    unixTimestampMs: Date.now(),
    sessionId: `${cid}:${Date.now()}`,
    ...overrides,
  };
}

const storedFor = async (cid: string) =>
  (await db().entities.analyticsEvent.query.byClient({ cid }).go({ pages: 'all' })).data;

describe('POST /payment/analytics-v2', () => {
  it('stores each event once, with a TTL, however often the batch is sent', async () => {
    const cid = `w-${randomUUID()}`;
    const events = [event(cid), event(cid, { action: 'pricing_view', customValue: 3 })];
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
    for (const item of stored) expect(item.ttl).toBeGreaterThan(Date.now() / 1000 + 80 * 86_400);
  });

  it('drops events older than the browser may keep them, and stores the rest', async () => {
    const cid = `w-${randomUUID()}`;
    const stale = event(cid, { unixTimestampMs: Date.now() - 8 * 86_400_000 });
    const { body } = await call(analyticsV2, { clientType: 'landing', events: [stale, event(cid)] });
    expect(body.stored).toBe(1);
    expect(await storedFor(cid)).toHaveLength(1);
  });

  it('refuses a malformed batch whole and stores nothing of it', async () => {
    const cid = `w-${randomUUID()}`;
    for (const bad of [[event(cid), event('x-not-a-client-id')], [event(cid, { category: '' })], []]) {
      const { status, body } = await call(analyticsV2, { clientType: 'landing', events: bad });
      expect(status).toBe(400);
      expect(body.error.code).toBe('INVALID_ARGUMENT');
    }
    expect(await storedFor(cid)).toHaveLength(0);
  });
});
