import { describe, expect, it } from 'vitest';
import { getOrder } from '../../../functions/core/data/order-reads.ts';
import { ERASER_CATALOGUE } from '../../../functions/core/data/plan-catalogue-repository.ts';
import { db } from '../../../functions/core/data/service.ts';
import { getUsageCounters } from '../../../functions/core/data/usage-repository.ts';
import { listUserPlans } from '../../../functions/core/data/user-plan-repository.ts';
import { getPaymentResult } from '../../../shared/api/orders.ts';
import {
  createInitUsageEraser,
  getPaymentUsageEraserSessionInfo,
  insertPaymentProgressUsageEraserInfo,
} from '../../../shared/api/usage-eraser.ts';
import { ERASER_PRICES } from '../../../shared/plans/price-book.ts';
import { call } from '../helpers.ts';
import { type Customer, eraserOrderInput, newCustomer, payEraser, subscriber } from './order-helpers.ts';

function openEraser(customer: Customer) {
  return call(createInitUsageEraser, { clientType: 'desktop', language: 'ko' }, { token: customer.token });
}

describe('the usage eraser', () => {
  it('shows this month’s use, sells the erasers of the plan, and resets exactly the chosen counter once', async () => {
    const buyer = await subscriber('MR_STANDARD_V3');
    const [plan] = await listUserPlans(buyer.uid);
    await db()
      .entities.usageCounter.upsert({
        uid: buyer.uid,
        paidSttMonthly: 1200,
        paidTtsMonthly: 5000,
        paidLastUpdatedMonthly: Date.now(),
      })
      .go();
    const opened = await openEraser(buyer);
    expect(opened.status).toBe(200);
    const { guid } = opened.body;
    const { sessionInfo } = (await call(getPaymentUsageEraserSessionInfo, { guid })).body;
    expect(sessionInfo).toMatchObject({ currency: 'KRW', planName: 'MR_STANDARD_V3' });
    expect(sessionInfo.usage).toEqual([
      { usageType: 'STT', used: 1200, limit: plan?.sttLimit, unit: 'seconds' },
      { usageType: 'TTS', used: 5000, limit: plan?.ttsLimit, unit: 'characters' },
      { usageType: 'TRANSLATE', used: 0, limit: plan?.translateLimit, unit: 'characters' },
      { usageType: 'GENIMAGE', used: 0, limit: plan?.genimageLimit, unit: 'credits' },
    ]);
    expect(
      sessionInfo.options.map((option: { planName: string; price: number }) => [
        option.planName,
        option.price,
      ]),
    ).toEqual([
      ['ERASER_STT_STANDARD', 9900],
      ['ERASER_TTS_STANDARD', 9900],
      ['ERASER_TRANSLATE_STANDARD', 7900],
      ['ERASER_GENIMAGE_STANDARD', 9900],
    ]);
    expect(sessionInfo.payMethods).not.toContain('vbank');

    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ price: 100 }, 'INVALID_PRICE'],
      [{ planName: 'ERASER_STT_BUSINESS' }, 'INCONSISTENCY'],
      [{ currency: 'USD' }, 'INCONSISTENCY'],
      [{ payMethod: 'vbank' }, 'INVALID_ARGUMENT'],
      [{ pg: 'kakaopay' }, 'INVALID_ARGUMENT'],
    ];
    for (const [overrides, code] of refusals) {
      const answer = await call(insertPaymentProgressUsageEraserInfo, eraserOrderInput(guid, overrides));
      expect(answer.body.error?.code, JSON.stringify(overrides)).toBe(code);
    }
    const placed = await call(insertPaymentProgressUsageEraserInfo, eraserOrderInput(guid));
    expect(placed.status).toBe(200);
    const { merchantUid, amount } = placed.body;
    expect(merchantUid).toMatch(/^ers_/);
    expect(amount).toBe(9900);
    const returned = await payEraser(guid, merchantUid, amount);
    expect(returned.searchParams.get('imp_success')).toBe('true');
    const confirmed = await call(getPaymentResult, { guid, merchantUid, price: 9900 });
    expect(confirmed.body.result).toBe('success');
    expect(await getUsageCounters(buyer.uid)).toMatchObject({ paidSttMonthly: 0, paidTtsMonthly: 5000 });

    // Used again after the reset: confirming the same order again resets nothing more.
    await db().entities.usageCounter.patch({ uid: buyer.uid }).set({ paidSttMonthly: 300 }).go();
    expect((await call(getPaymentResult, { guid, merchantUid })).body.result).toBe('success');
    expect((await getUsageCounters(buyer.uid))?.paidSttMonthly).toBe(300);
    const after = (await call(getPaymentUsageEraserSessionInfo, { guid })).body.sessionInfo;
    expect(after.usage[0]).toMatchObject({ usageType: 'STT', used: 300 });
  });

  it('is refused without a plan and for a plan that has no erasers', async () => {
    expect((await openEraser(await newCustomer())).body.error.code).toBe('USER_NOT_SUBSCRIBED');
    expect((await openEraser(await subscriber('MR_LIGHT_V3'))).body.error.code).toBe('INVALID_ARGUMENT');
    const anonymous = await call(createInitUsageEraser, { clientType: 'desktop', language: 'ko' });
    expect(anonymous.status).toBe(401);
  });

  it('is priced and charged at the eraser price stored in the table, not a figure in the code', async () => {
    // A BUSINESS eraser: no other test buys one, so changing its stored price disturbs no parallel test.
    const key = { catalogue: ERASER_CATALOGUE, name: 'ERASER_TTS_BUSINESS' };
    const stored = 24900;
    expect(ERASER_PRICES.BUSINESS.TTS[0]).not.toBe(stored);
    const buyer = await subscriber('MR_BUSINESS_V3');
    await db().entities.planPrice.patch(key).set({ priceKo: stored }).go();
    try {
      const { guid } = (await openEraser(buyer)).body;
      const { sessionInfo } = (await call(getPaymentUsageEraserSessionInfo, { guid })).body;
      expect(sessionInfo.options).toContainEqual(
        expect.objectContaining({ planName: key.name, price: stored, chargedPrice: stored }),
      );
      const order = { planName: key.name };
      const bookPrice = eraserOrderInput(guid, { ...order, price: ERASER_PRICES.BUSINESS.TTS[0] });
      expect((await call(insertPaymentProgressUsageEraserInfo, bookPrice)).body.error?.code).toBe(
        'INVALID_PRICE',
      );
      const placed = await call(
        insertPaymentProgressUsageEraserInfo,
        eraserOrderInput(guid, { ...order, price: stored }),
      );
      expect(placed.body.amount).toBe(stored);
      const { merchantUid } = placed.body;
      await payEraser(guid, merchantUid, stored);
      expect((await call(getPaymentResult, { guid, merchantUid })).body.result).toBe('success');
      expect(await getOrder(merchantUid)).toMatchObject({
        status: 'paid',
        amount: stored,
        listPrice: stored,
      });
    } finally {
      await db().entities.planPrice.patch(key).set({ priceKo: ERASER_PRICES.BUSINESS.TTS[0] }).go();
    }
  });
});
