import { describe, expect, it } from 'vitest';
import { db } from '../../../functions/core/data/service.ts';
import { getUsageCounters, listUsageEntries } from '../../../functions/core/data/usage-repository.ts';
import { listUserActivities } from '../../../functions/core/data/user-activity-repository.ts';
import { grantUsage } from '../../../functions/core/usage/grant-usage.ts';
import { recordUsage, userUsage } from '../../../shared/api/usage.ts';
import { call, uniqueId } from '../helpers.ts';
import {
  type Customer,
  checkout,
  confirm,
  newCustomer,
  openSession,
  placeOrder,
  VISA_OK,
} from '../orders/order-helpers.ts';

/** FREE's monthly quotas in the seeded default catalogue (shared/plans/price-book.ts). */
const FREE_STT_SECONDS = 30 * 60;
const FREE_GENIMAGE = 20;
const STANDARD_STT_SECONDS = 1_800 * 60;
const operator = { uid: 'operator-1', email: 'operator@example.com' };

function record(customer: Customer, input: Record<string, unknown>) {
  return call(recordUsage, { entryId: uniqueId('entry'), ...input }, { token: customer.token });
}

async function usageOf(customer: Customer, usageType: string) {
  const answer = await call(userUsage, {}, { token: customer.token });
  expect(answer.status).toBe(200);
  return answer.body.result.usages.find((line: { usageType: string }) => line.usageType === usageType);
}

async function buyPass(customer: Customer, planName: string): Promise<void> {
  const { sessionInfo } = await openSession(customer, { planName });
  const order = await placeOrder(sessionInfo, 'card');
  await checkout(sessionInfo, order, 'card', VISA_OK);
  const answer = await confirm(sessionInfo.guid, order.merchantUid);
  expect(answer.status).toBe(200);
}

describe('usage recording on FREE', () => {
  it('counts within the month’s limit and refuses past it as a failed entry that counts nothing', async () => {
    const customer = await newCustomer();
    const first = await record(customer, {
      usageType: 'STT',
      count: FREE_STT_SECONDS - 60,
      clientType: 'desktop',
    });
    expect(first.status).toBe(200);
    expect(first.body.result).toMatchObject({ success: true, failure: null });
    expect(await usageOf(customer, 'STT')).toEqual({
      usageType: 'STT',
      used: FREE_STT_SECONDS - 60,
      limit: FREE_STT_SECONDS,
    });

    const past = await record(customer, { usageType: 'STT', count: 61 });
    expect(past.body.result).toMatchObject({ success: false, failure: 'over_limit' });
    const last = await record(customer, { usageType: 'STT', count: 60 });
    expect(last.body.result.success).toBe(true);
    expect((await getUsageCounters(customer.uid))?.sttMonthly).toBe(FREE_STT_SECONDS);

    const entries = await listUsageEntries({ uid: customer.uid, from: 0, to: Date.now() + 60_000 });
    expect(entries.map((entry) => [entry.count, entry.success, entry.failure ?? null])).toEqual([
      [60, true, null],
      [61, false, 'over_limit'],
      [FREE_STT_SECONDS - 60, true, null],
    ]);
    expect(entries[2]).toMatchObject({ clientType: 'desktop', paid: false, source: 'app' });
  });

  it('refuses the paid features and the paid voices, and keeps failed requests uncharged', async () => {
    const customer = await newCustomer();
    const mark = await record(customer, { usageType: 'DELETE_CUTLOOM_MARK', count: 1 });
    expect(mark.body.result).toMatchObject({ success: false, failure: 'not_in_plan' });
    const freeVoice = await record(customer, { usageType: 'TTS', count: 500, speaker: 'ko-KR-SunHi' });
    expect(freeVoice.body.result.success).toBe(true);
    const paidVoice = await record(customer, { usageType: 'TTS', count: 500, speaker: 'ko-KR-Hyunsu' });
    expect(paidVoice.body.result).toMatchObject({ success: false, failure: 'not_in_plan' });
    const charged = await record(customer, { usageType: 'TTS', count: 300, speaker: 'en-US-Jenny' });
    expect(charged.body.result.success).toBe(true);
    const failed = await record(customer, {
      usageType: 'TRANSLATE',
      count: 900,
      success: false,
      engine: 'deepl',
    });
    expect(failed.body.result).toMatchObject({ success: false, failure: 'reported' });
    expect((await usageOf(customer, 'TTS')).used).toBe(800);
    expect((await usageOf(customer, 'TRANSLATE')).used).toBe(0);
    const [freeEntry] = await listUsageEntries({
      uid: customer.uid,
      from: 0,
      to: Date.now() + 60_000,
      usageType: 'TTS',
    }).then((entries) => entries.filter((entry) => entry.speaker === 'ko-KR-SunHi'));
    expect(freeEntry).toMatchObject({ free: true, success: true, count: 500 });
  });

  it('counts an entry id once: a replay answers the same, another usage under the same id is refused', async () => {
    const customer = await newCustomer();
    const entryId = uniqueId('entry');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => record(customer, { entryId, usageType: 'GENIMAGE', count: 3 })),
    );
    for (const answer of answers) expect(answer.body.result.success).toBe(true);
    expect((await usageOf(customer, 'GENIMAGE')).used).toBe(3);
    const other = await record(customer, { entryId, usageType: 'GENIMAGE', count: 4 });
    expect(other.body.error.code).toBe('INCONSISTENCY');
    expect((await usageOf(customer, 'GENIMAGE')).used).toBe(3);
  });

  it('loses no increment and never passes the limit under concurrent recordings', async () => {
    const customer = await newCustomer();
    const answers = await Promise.all(
      Array.from({ length: FREE_GENIMAGE + 10 }, () => record(customer, { usageType: 'GENIMAGE', count: 1 })),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const counted = answers.filter((answer) => answer.body.result.success).length;
    expect(counted).toBe(FREE_GENIMAGE);
    expect((await getUsageCounters(customer.uid))?.genimageMonthly).toBe(FREE_GENIMAGE);
    const entries = await listUsageEntries({ uid: customer.uid, from: 0, to: Date.now() + 60_000 });
    expect(entries.filter((entry) => entry.failure === 'over_limit')).toHaveLength(10);
  });

  it('starts a new month at the reset date: an older month’s counts read as zero and are overwritten', async () => {
    const customer = await newCustomer();
    const lastMonth = Date.now() - 40 * 86_400_000;
    await db()
      .entities.usageCounter.put({
        uid: customer.uid,
        sttMonthly: 1_000,
        ttsMonthly: 9_000,
        lastUpdatedMonthly: lastMonth,
      })
      .go();
    expect((await usageOf(customer, 'TTS')).used).toBe(0);
    const answers = await Promise.all([
      record(customer, { usageType: 'STT', count: 10 }),
      record(customer, { usageType: 'STT', count: 20 }),
    ]);
    expect(answers.every((answer) => answer.body.result.success)).toBe(true);
    const counters = await getUsageCounters(customer.uid);
    expect(counters).toMatchObject({ sttMonthly: 30, ttsMonthly: 0 });
    expect(counters?.lastUpdatedMonthly).toBeGreaterThan(lastMonth);
  });

  it('asks for a signed-in account', async () => {
    const answer = await call(recordUsage, { entryId: uniqueId('entry'), usageType: 'STT', count: 1 });
    expect(answer.status).toBe(401);
  });
});

describe('usage recording on a paid plan', () => {
  it('counts to the plan’s own counters and limits, with the plan’s paid features', async () => {
    const customer = await newCustomer();
    await buyPass(customer, 'Y1_STANDARD_V3');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => record(customer, { usageType: 'STT', count: 7 })),
    );
    expect(answers.every((answer) => answer.body.result.success)).toBe(true);
    expect(await usageOf(customer, 'STT')).toMatchObject({ used: 140, limit: STANDARD_STT_SECONDS });
    expect((await record(customer, { usageType: 'SHARED_CLIPBOARD', count: 1 })).body.result.success).toBe(
      true,
    );
    expect(await usageOf(customer, 'SHARED_CLIPBOARD')).toMatchObject({ used: 1, limit: null });
    const counters = await getUsageCounters(customer.uid);
    expect(counters).toMatchObject({ paidSttMonthly: 140, sharedClipboard: 1 });
    expect(counters?.sttMonthly).toBeUndefined();
    const answer = await call(userUsage, {}, { token: customer.token });
    expect(answer.body.result).toMatchObject({ planName: 'Y1_STANDARD_V3', planType: 'STANDARD' });
  });
});

describe('an operator’s usage grant', () => {
  it('gives quota back, needs allowPlus to take it, moves the counters once per grant id, and is recorded', async () => {
    const customer = await newCustomer();
    await record(customer, { usageType: 'GENIMAGE', count: FREE_GENIMAGE });
    expect((await record(customer, { usageType: 'GENIMAGE', count: 1 })).body.result.success).toBe(false);

    const giveBack = {
      allowPlus: false,
      sttMin: -2,
      tts: 0,
      translate: 0,
      genimage: -5,
      desc: 'Compensation',
    };
    const grantId = uniqueId('grant');
    const granted = await grantUsage({ uid: customer.uid, grantId, amounts: giveBack, operator });
    expect(granted.granted).toBe(true);
    expect(await grantUsage({ uid: customer.uid, grantId, amounts: giveBack, operator })).toEqual({
      granted: false,
      replay: true,
    });
    expect(await getUsageCounters(customer.uid)).toMatchObject({
      genimageMonthly: FREE_GENIMAGE - 5,
      sttMonthly: -120,
    });
    expect((await record(customer, { usageType: 'GENIMAGE', count: 5 })).body.result.success).toBe(true);

    const plus = { ...giveBack, genimage: 3 };
    await expect(
      grantUsage({ uid: customer.uid, grantId: uniqueId('grant'), amounts: plus, operator }),
    ).rejects.toThrow('console-usage:validation.plus_not_allowed');
    await grantUsage({
      uid: customer.uid,
      grantId: uniqueId('grant'),
      amounts: { ...plus, allowPlus: true },
      operator,
    });
    expect((await getUsageCounters(customer.uid))?.genimageMonthly).toBe(FREE_GENIMAGE + 3);

    const entries = await listUsageEntries({
      uid: customer.uid,
      from: 0,
      to: Date.now() + 60_000,
      usageType: 'GENIMAGE',
    });
    expect(
      entries
        .filter((entry) => entry.source === 'grant')
        .map((entry) => entry.count)
        .sort(),
    ).toEqual([-5, 3]);
    const activities = await listUserActivities(customer.uid);
    expect(activities.filter((activity) => activity.action === 'usage.grant')).toHaveLength(2);
  });

  it('refuses an all-zero grant and an unknown account', async () => {
    const customer = await newCustomer();
    const zero = { allowPlus: false, sttMin: 0, tts: 0, translate: 0, genimage: 0, desc: 'x' };
    await expect(grantUsage({ uid: customer.uid, grantId: 'g', amounts: zero, operator })).rejects.toThrow(
      'console-usage:validation.non_zero',
    );
    await expect(
      grantUsage({ uid: 'nobody', grantId: 'g', amounts: { ...zero, tts: -1 }, operator }),
    ).rejects.toThrow('No user nobody');
    expect(await getUsageCounters(customer.uid)).toBeUndefined();
  });
});
