import { describe, expect, it } from 'vitest';
import { getOrder } from '../../../functions/core/data/order-reads.ts';
import { db } from '../../../functions/core/data/service.ts';
import {
  getPayment,
  getUserPlanHead,
  listUserPlans,
} from '../../../functions/core/data/user-plan-repository.ts';
import {
  createBillingKeyPayment,
  getPaymentResult,
  getPaymentSessionInfo,
  insertPaymentProgress,
} from '../../../shared/api/orders.ts';
import { createInitPlanUpgrade, upgradeRecurrentNaverPay } from '../../../shared/api/upgrades.ts';
import type { SessionInfo } from '../../../shared/orders/session-info.ts';
import { call } from '../helpers.ts';
import {
  type Customer,
  confirm,
  newCustomer,
  openSession,
  placeOrder,
  progressInput,
  sandboxState,
  subscriber,
} from './order-helpers.ts';

function openUpgrade(customer: Customer, planName?: string) {
  return call(
    createInitPlanUpgrade,
    { clientType: 'landing', language: 'ko', ...(planName ? { planName } : {}) },
    { token: customer.token },
  );
}

/** The upgrade order as the upgrade order page sends it: the previous method, the payer's contact. */
function upgradeInput(session: SessionInfo, overrides: Record<string, unknown> = {}) {
  const data = session.planUpgradeData as NonNullable<SessionInfo['planUpgradeData']>;
  return progressInput(session, data.previousPayMethod as 'card' | 'naver_pay', {
    isUpgrade: true,
    userName: data.paidUserInfo.name,
    userEmail: data.paidUserInfo.email,
    userPhone: data.paidUserInfo.phone,
    ...overrides,
  });
}

describe('create-init-plan-upgrade', () => {
  it('opens an upgrade session with the plan upgrade data and only the plans above the current one', async () => {
    const buyer = await subscriber('MR_STANDARD_V3');
    const [current] = await listUserPlans(buyer.uid);
    const answer = await openUpgrade(buyer);
    expect(answer.status).toBe(200);
    const { guid, planUpgradeData, sessionInfo } = answer.body;
    expect(planUpgradeData).toMatchObject({
      previousPrice: 19900,
      previousPlanName: 'MR_STANDARD_V3',
      previousPlanType: 'STANDARD',
      previousPlanPerod: 'MONTHLY',
      previousCurrency: 'KRW',
      previousPayMethod: 'card',
      customerUid: current?.customerUid,
      paidUserInfo: { name: 'Kim Buyer', email: 'buyer@example.com', phone: '+821012345678' },
    });
    // Bought today: the credit is the unused days' share of the price, computed by the server.
    expect(planUpgradeData.refundAmount).toBeGreaterThan(0);
    expect(planUpgradeData.refundAmount).toBeLessThan(19900);
    expect(sessionInfo.planPriceInfos.map((plan: { name: string }) => plan.name).sort()).toEqual([
      'MR_BUSINESS_V3',
      'YR_BUSINESS_V3',
      'YR_STANDARD_V3',
    ]);
    expect(sessionInfo.couponAllowed).toBe(false);
    expect(sessionInfo.showAccountType).toBe(false);
    const read = await call(getPaymentSessionInfo, { guid });
    expect(read.status).toBe(200);
    expect(read.body.sessionInfo.planUpgradeData).toEqual(planUpgradeData);
    const list = read.body.sessionInfo.price.listPrice;
    expect(read.body.sessionInfo.price).toMatchObject({
      credit: planUpgradeData.refundAmount,
      finalPrice: list - planUpgradeData.refundAmount,
    });
  });

  it('takes the chosen plan when the current plan may upgrade to it', async () => {
    const buyer = await subscriber('MR_LIGHT_V3');
    const answer = await openUpgrade(buyer, 'YR_LIGHT_V3');
    expect(answer.body.sessionInfo.planPriceInfo.name).toBe('YR_LIGHT_V3');
  });

  it('upgrades legacy and V2 plans by their type and period, to the plans on sale', async () => {
    const cases = [
      {
        bought: 'MR_STANDARD_V3',
        held: 'MR_STANDARD',
        targets: ['MR_BUSINESS_V3', 'YR_BUSINESS_V3', 'YR_STANDARD_V3'],
      },
      { bought: 'YR_LIGHT_V3', held: 'YR_LIGHT_V2', targets: ['YR_BUSINESS_V3', 'YR_STANDARD_V3'] },
    ];
    for (const { bought, held, targets } of cases) {
      const buyer = await subscriber(bought);
      const [plan] = await listUserPlans(buyer.uid);
      // An account that bought before the V3 catalogue: its plan carries the old name and price book.
      await db()
        .entities.userPlan.patch({ uid: buyer.uid, planId: plan?.planId ?? '' })
        .set({ planName: held, catalogue: 'legacy' })
        .go();
      const { planUpgradeData, sessionInfo } = (await openUpgrade(buyer)).body;
      expect(planUpgradeData.previousPlanName).toBe(held);
      const offered = sessionInfo.planPriceInfos.map((offer: { name: string }) => offer.name).sort();
      expect(offered, held).toEqual(targets);
    }
  });

  it('refuses an account without a plan, a fixed-term pass, the top plan and an unsigned caller', async () => {
    expect((await openUpgrade(await newCustomer())).body.error.code).toBe('USER_NOT_SUBSCRIBED');
    const pass = await openUpgrade(await subscriber('Y1_LIGHT_V3'));
    expect(pass).toMatchObject({ status: 409, body: { error: { code: 'UPGRADE_NOT_ALLOWED' } } });
    const top = await openUpgrade(await subscriber('YR_BUSINESS_V3'));
    expect(top.body.error.code).toBe('UPGRADE_NOT_ALLOWED');
    const anonymous = await call(createInitPlanUpgrade, { clientType: 'landing', language: 'ko' });
    expect(anonymous.status).toBe(401);
  });
});

describe('a card upgrade', () => {
  it('orders at the server price less the credit and charges the plan’s billing key once', async () => {
    const buyer = await subscriber('MR_LIGHT_V3');
    const [replaced] = await listUserPlans(buyer.uid);
    const headBefore = await getUserPlanHead(buyer.uid);
    const { sessionInfo } = (await openUpgrade(buyer, 'MR_STANDARD_V3')).body;
    const credit = sessionInfo.planUpgradeData.refundAmount;
    expect(sessionInfo.price.finalPrice).toBe(19900 - credit);

    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ price: 19900 }, 'INVALID_PRICE'],
      [{ payMethod: 'kakaopay' }, 'INVALID_ARGUMENT'],
      [{ planName: 'MR_BUSINESS_V3' }, 'INCONSISTENCY'],
      [{ couponCode: 'WELCOME' }, 'INCONSISTENCY'],
    ];
    for (const [overrides, code] of refusals) {
      const answer = await call(insertPaymentProgress, upgradeInput(sessionInfo, overrides));
      expect(answer.body.error?.code, JSON.stringify(overrides)).toBe(code);
    }
    const notAnUpgrade = await call(insertPaymentProgress, upgradeInput(sessionInfo, { isUpgrade: false }));
    expect(notAnUpgrade.body.error.code).toBe('INVALID_ARGUMENT');

    const placed = await call(insertPaymentProgress, upgradeInput(sessionInfo));
    expect(placed.status).toBe(200);
    const { merchantUid, customerUid, amount } = placed.body;
    expect(customerUid).toBe(replaced?.customerUid);
    expect(amount).toBe(19900 - credit);
    expect(await getOrder(merchantUid)).toMatchObject({
      paymentType: 'upgrade',
      planId: replaced?.planId,
      credit,
      renewalPrice: 19900,
      userEmail: 'buyer@example.com',
    });

    const input = { guid: sessionInfo.guid, merchantUid, customerUid, isUpgrade: true };
    expect((await call(createBillingKeyPayment, { ...input, isUpgrade: false })).body.error.code).toBe(
      'UPGRADE_NOT_ALLOWED',
    );
    const answers = await Promise.all([
      call(createBillingKeyPayment, input),
      call(createBillingKeyPayment, input),
    ]);
    for (const answer of answers) expect(['success', 'pending']).toContain(answer.body.result);
    const result = await call(getPaymentResult, { guid: sessionInfo.guid, merchantUid, isUpgrade: true });
    expect(result.body.result).toBe('success');

    const charges = (await sandboxState()).payments.filter((payment) => payment.merchant_uid === merchantUid);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ status: 'paid', amount: 19900 - credit });
    const plans = await listUserPlans(buyer.uid);
    const upgraded = plans.find((plan) => plan.planId === merchantUid);
    const ended = plans.find((plan) => plan.planId === replaced?.planId);
    expect(upgraded).toMatchObject({ planName: 'MR_STANDARD_V3', planStatus: 'PAID', customerUid });
    expect(ended?.planStatus).toBe('UNSCHEDULED');
    expect(ended?.expiredAt).toBe(upgraded?.paidAt);
    const head = await getUserPlanHead(buyer.uid);
    expect(head).toMatchObject({ currentPlanId: merchantUid, version: (headBefore?.version ?? 0) + 1 });
    expect(await getPayment(merchantUid)).toMatchObject({ paymentType: 'upgrade', price: 19900 - credit });

    // The session's plan was replaced: a second upgrade order from it is refused.
    const again = await call(insertPaymentProgress, upgradeInput(sessionInfo));
    expect(again.body.error.code).toBe('UPGRADE_NOT_ALLOWED');
  });

  it('is refused by an order session, and an order is not confirmed as an upgrade', async () => {
    const buyer = await newCustomer();
    const { sessionInfo } = await openSession(buyer, { planName: 'Y1_LIGHT_V3' });
    const order = await placeOrder(sessionInfo, 'card');
    expect((await confirm(sessionInfo.guid, order.merchantUid, { isUpgrade: true })).body.error.code).toBe(
      'UPGRADE_NOT_ALLOWED',
    );
    const upgrade = await call(
      insertPaymentProgress,
      progressInput(sessionInfo, 'card', { isUpgrade: true }),
    );
    expect(upgrade.body.error.code).toBe('UPGRADE_NOT_ALLOWED');
  });
});

describe('a wallet upgrade (upgrade-recurrent-naver-pay)', () => {
  it('charges the plan’s recurring registration once and grants the new plan', async () => {
    const buyer = await subscriber('MR_LIGHT_V3', 'naver_pay');
    const [replaced] = await listUserPlans(buyer.uid);
    const { sessionInfo } = (await openUpgrade(buyer, 'YR_LIGHT_V3')).body;
    expect(sessionInfo.showNaverPay).toBe(true);
    const placed = await call(insertPaymentProgress, upgradeInput(sessionInfo));
    expect(placed.status).toBe(200);
    const { merchantUid, amount } = placed.body;
    expect(placed.body.customerUid).toBeUndefined();

    const input = { guid: sessionInfo.guid, merchantUid };
    expect((await call(upgradeRecurrentNaverPay, { ...input, price: 1 })).body.error.code).toBe(
      'INCONSISTENCY',
    );
    const [a, b] = await Promise.all([
      call(upgradeRecurrentNaverPay, input),
      call(upgradeRecurrentNaverPay, input),
    ]);
    expect([a.body.result, b.body.result]).toContain('success');
    expect((await call(upgradeRecurrentNaverPay, input)).body).toEqual({ result: 'success', merchantUid });

    const upgraded = (await listUserPlans(buyer.uid)).find((plan) => plan.planId === merchantUid);
    expect(upgraded).toMatchObject({
      planName: 'YR_LIGHT_V3',
      pg: 'naver_pay',
      recurrentId: replaced?.recurrentId,
      planStatus: 'PAID',
    });
    expect(await getPayment(merchantUid)).toMatchObject({ price: amount, pg: 'naver_pay' });
  });

  it('is only for a wallet upgrade order', async () => {
    const buyer = await subscriber('MR_LIGHT_V3');
    const { sessionInfo } = (await openUpgrade(buyer)).body;
    const { merchantUid } = (await call(insertPaymentProgress, upgradeInput(sessionInfo))).body;
    const answer = await call(upgradeRecurrentNaverPay, { guid: sessionInfo.guid, merchantUid });
    expect(answer.body.error.code).toBe('INVALID_ARGUMENT');
  });
});
