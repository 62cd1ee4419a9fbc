import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { adminUsageCreate, adminUsageList, recordUsage } from '../../../shared/api/usage.ts';
import { adminUserInfo } from '../../../shared/api/users.ts';
import { adminToken, call } from '../helpers.ts';
import { newCustomer } from '../orders/order-helpers.ts';

/** The console's usage list and single usage grant over HTTP (admin-console.md sections 2, 5 and 7). */
const grant = (uid: string, amounts: Record<string, unknown>) => ({
  uid,
  grantId: randomUUID(),
  allowPlus: false,
  sttMin: 0,
  tts: 0,
  translate: 0,
  genimage: 0,
  desc: 'support ticket 42',
  ...amounts,
});
const range = () => ({ from: Date.now() - 86_400_000, to: Date.now() + 86_400_000 });

describe('the usage grant and list', () => {
  it('gives quota back, lists the grant entries beside the recordings, and records the activity', async () => {
    const buyer = await newCustomer();
    const token = await adminToken();
    const recorded = await call(
      recordUsage,
      { entryId: randomUUID(), usageType: 'STT', count: 90, clientType: 'desktop' },
      { token: buyer.token },
    );
    expect(recorded.body.result.success).toBe(true);
    const granted = await call(adminUsageCreate, grant(buyer.uid, { sttMin: -1, tts: -100 }), { token });
    expect(granted.body).toEqual({ result: { granted: true } });

    const all = await call(adminUsageList, { uid: buyer.uid, ...range(), usageType: 'ALL' }, { token });
    expect(all.body.results).toHaveLength(3);
    expect(all.body.results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'STT',
          count: 90,
          source: 'app',
          success: true,
          clientType: 'desktop',
        }),
        expect.objectContaining({
          type: 'STT',
          count: -60,
          source: 'grant',
          operatorEmail: 'operator@example.com',
          desc: 'support ticket 42',
        }),
        expect.objectContaining({ type: 'TTS', count: -100, source: 'grant' }),
      ]),
    );
    const stt = await call(adminUsageList, { uid: buyer.uid, ...range(), usageType: 'STT' }, { token });
    expect(stt.body.results.map((row: { type: string }) => row.type)).toEqual(['STT', 'STT']);
    const before = await call(
      adminUsageList,
      { uid: buyer.uid, from: Date.now() - 86_400_000 * 10, to: Date.now() - 60_000, usageType: 'ALL' },
      { token },
    );
    expect(before.body.results).toEqual([]);

    const detail = await call(adminUserInfo, { uid: buyer.uid }, { token });
    expect(detail.body.usage.free).toMatchObject({ sttMonthly: 30, ttsMonthly: -100 });
    expect(detail.body.userActivities[0]).toMatchObject({ action: 'usage.grant', desc: 'support ticket 42' });
  });

  it('moves the counters once for a grant sent twice', async () => {
    const buyer = await newCustomer();
    const token = await adminToken();
    const once = grant(buyer.uid, { translate: -500 });
    const answers = await Promise.all([
      call(adminUsageCreate, once, { token }),
      call(adminUsageCreate, once, { token }),
    ]);
    for (const answer of answers) expect(answer.body.result.granted).toBe(true);
    const detail = await call(adminUserInfo, { uid: buyer.uid }, { token });
    expect(detail.body.usage.free.translateMonthly).toBe(-500);
  });

  it('refuses all-zero amounts, a plus without allowPlus, a missing desc and a non-number, changing nothing', async () => {
    const buyer = await newCustomer();
    const token = await adminToken();
    const refusal = async (amounts: Record<string, unknown>) =>
      (await call(adminUsageCreate, grant(buyer.uid, amounts), { token })).body.error;
    expect((await refusal({})).msg).toContain('console-usage:validation.non_zero');
    expect((await refusal({ genimage: 5 })).msg).toContain('console-usage:validation.plus_not_allowed');
    expect((await refusal({ tts: -1, desc: '' })).code).toBe('invalid_argument');
    expect((await refusal({ tts: 'ten' })).msg).toContain('console-usage:validation.number');
    const detail = await call(adminUserInfo, { uid: buyer.uid }, { token });
    expect(detail.body.usage.free).toMatchObject({ ttsMonthly: 0, genimageMonthly: 0 });
    expect(detail.body.userActivities).toEqual([]);

    const plus = await call(adminUsageCreate, grant(buyer.uid, { genimage: 5, allowPlus: true }), { token });
    expect(plus.body.result.granted).toBe(true);
    expect((await call(adminUserInfo, { uid: buyer.uid }, { token })).body.usage.free.genimageMonthly).toBe(
      5,
    );
  });

  it('refuses a range that ends before it starts or spans more than 400 days', async () => {
    const token = await adminToken();
    const buyer = await newCustomer();
    const now = Date.now();
    for (const bad of [
      { from: now, to: now - 1 },
      { from: now - 401 * 86_400_000, to: now },
    ]) {
      const answer = await call(adminUsageList, { uid: buyer.uid, ...bad, usageType: 'ALL' }, { token });
      expect(answer.body.error).toMatchObject({ code: 'invalid_argument' });
    }
  });
});
