import { describe, expect, inject, it } from 'vitest';
import { db } from '../../../functions/core/data/service.ts';
import { changePlanStatus } from '../../../functions/core/data/subscription-repository.ts';
import { listUserActivities } from '../../../functions/core/data/user-activity-repository.ts';
import { getUserPlanHead, latestUserPlan } from '../../../functions/core/data/user-plan-repository.ts';
import { composeRenewalChoiceMail } from '../../../functions/core/subscriptions/renewal-choice-mail.ts';
import {
  cancelRenewal,
  resumeRenewal,
  userBilling,
  userPaymentHistory,
} from '../../../shared/api/billing.ts';
import { call, customerToken, send } from '../helpers.ts';
import { mailsTo } from '../identity/accounts.ts';
import { type Customer, newCustomer, subscriber } from '../orders/order-helpers.ts';

/**
 * The customer's cancel at period end and resume (issue 17 part 2) over HTTP against DynamoDB Local and
 * the scheduler stand-in: refusals from the catalogue, idempotence (a repeat changes nothing and mails
 * nothing), a cancel and a resume racing each other, and the billing page's view of the result.
 */
async function pendingRenewals(planId: string): Promise<string[]> {
  const answer = await send(new URL('/_local/schedules.json', inject('apiUrl')), { method: 'GET' });
  return (answer.body as { schedules: Array<{ Name: string }> }).schedules
    .map((schedule) => schedule.Name)
    .filter((name) => name.startsWith(`rnw-${planId}-`));
}

const choose = (route: typeof cancelRenewal | typeof resumeRenewal, buyer: Customer, language = 'en') =>
  call(route, { language }, { token: buyer.token });

async function planOf(buyer: Customer) {
  const plan = await latestUserPlan(buyer.uid);
  if (!plan) throw new Error('no plan');
  return plan;
}

describe('cancel at period end and resume', () => {
  it('stops the renewal, keeps the plan to its expiry, and undoes it; each once, with its mail', async () => {
    const buyer = await subscriber('MR_LIGHT_V3');
    const before = await planOf(buyer);
    expect(await pendingRenewals(before.planId)).toHaveLength(1);

    const cancelled = await choose(cancelRenewal, buyer);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.result).toEqual({
      planName: 'MR_LIGHT_V3',
      planStatus: 'UNSCHEDULED',
      expiredAt: before.expiredAt,
      changed: true,
    });
    expect(await pendingRenewals(before.planId)).toEqual([]);
    const after = await planOf(buyer);
    expect(after).toMatchObject({ planStatus: 'UNSCHEDULED', expiredAt: before.expiredAt });
    // The billing key is kept: resuming needs no new card.
    expect(after.customerUid).toBe(before.customerUid);

    const billing = (await call(userBilling, {}, { token: buyer.token })).body.result.plan;
    expect(billing).toMatchObject({ state: 'cancels', nextCharge: null, expiredAt: before.expiredAt });
    expect(billing.actions).toMatchObject({ cancelRenewal: false, resumeRenewal: true });

    const again = await choose(cancelRenewal, buyer);
    expect(again.status).toBe(200);
    expect(again.body.result).toMatchObject({ planStatus: 'UNSCHEDULED', changed: false });

    const resumed = await choose(resumeRenewal, buyer, 'ja');
    expect(resumed.body.result).toMatchObject({ planStatus: 'PAID', changed: true });
    expect(await pendingRenewals(before.planId)).toHaveLength(1);
    expect((await choose(resumeRenewal, buyer)).body.result).toMatchObject({
      planStatus: 'PAID',
      changed: false,
    });
    expect(await pendingRenewals(before.planId)).toHaveLength(1);

    const mails = await mailsTo(buyer.email);
    const choices = mails.filter((mail) => /renew|更新/.test(mail.subject));
    expect(choices.map((mail) => mail.subject).sort()).toEqual([
      '[Cutloom] Your subscription will not renew',
      '【Cutloom】サブスクリプションの自動更新を再開しました',
    ]);
    expect(choices.every((mail) => mail.links.some((link) => link.endsWith('/account/billing')))).toBe(true);

    const activities = (await listUserActivities(buyer.uid)).map((activity) => activity.action);
    expect(activities.sort()).toEqual(['subscription.cancel-renewal', 'subscription.resume-renewal']);
  });

  it('refuses an account without a plan (L25), a pass (L30, L33) and a plan on hold (L30), changing nothing', async () => {
    const nobody = await newCustomer();
    const none = await choose(cancelRenewal, nobody);
    expect(none.status).toBe(409);
    expect(none.body.error.code).toBe('USER_NOT_SUBSCRIBED');
    expect((await choose(resumeRenewal, nobody)).body.error.code).toBe('USER_NOT_SUBSCRIBED');
    expect((await call(userBilling, {}, { token: nobody.token })).body.result.plan).toBeNull();

    const passHolder = await subscriber('Y1_LIGHT_V3');
    const pass = await planOf(passHolder);
    expect((await choose(cancelRenewal, passHolder)).body.error.code).toBe('UNSUBSCRIBE_NOT_ALLOWED');
    expect((await choose(resumeRenewal, passHolder)).body.error.code).toBe('SUBSCRIPTION_NOT_ALLOWED');
    expect(await planOf(passHolder)).toEqual(pass);

    const held = await subscriber('MR_LIGHT_V3');
    const plan = await planOf(held);
    const head = await getUserPlanHead(held.uid);
    if (!head) throw new Error('no head');
    const to = 'HOLD' as const;
    expect(await changePlanStatus({ ...plan, from: ['PAID'], to, head })).toBe('changed');
    expect((await choose(cancelRenewal, held)).body.error.code).toBe('UNSUBSCRIBE_NOT_ALLOWED');
    expect((await planOf(held)).planStatus).toBe('HOLD');
    expect((await call(userBilling, {}, { token: held.token })).body.result.plan).toMatchObject({
      state: 'on-hold',
      holdReason: 'renewal-declined',
      actions: { cancelRenewal: false, resumeRenewal: false, changeCard: true },
    });
    // The first payment's receipt only: no cancel or resume mail for a refusal.
    const choiceSubjects = (['renewal-cancelled', 'renewal-resumed'] as const).map(
      (choice) =>
        composeRenewalChoiceMail(choice, 'en', {
          plan: '',
          periodEnd: 0,
          amount: 0,
          currency: 'KRW',
          link: '',
        }).subject,
    );
    expect((await mailsTo(held.email)).filter((mail) => choiceSubjects.includes(mail.subject))).toEqual([]);
  });

  it('refuses a caller who is not signed in', async () => {
    expect((await call(cancelRenewal, { language: 'en' })).status).toBe(401);
    expect(
      (await call(resumeRenewal, { language: 'en' }, { token: `${await customerToken()}x` })).status,
    ).toBe(401);
  });

  it('ends consistent when a cancel and a resume race: a PAID plan has its renewal, a cancelled one none', async () => {
    const buyer = await subscriber('MR_LIGHT_V3');
    const { planId } = await planOf(buyer);
    for (let round = 0; round < 4; round += 1) {
      const answers = await Promise.all([
        choose(cancelRenewal, buyer),
        choose(resumeRenewal, buyer),
        choose(cancelRenewal, buyer),
      ]);
      // Each is answered from the catalogue or succeeds: never an unexpected failure.
      for (const answer of answers) expect([200, 409]).toContain(answer.status);
      const plan = await planOf(buyer);
      expect(await pendingRenewals(planId)).toHaveLength(plan.planStatus === 'PAID' ? 1 : 0);
    }
  });
});

describe('the payment history', () => {
  it('lists the payments newest first with the provider’s receipt, a page at a time', async () => {
    const buyer = await subscriber('MR_LIGHT_V3');
    const first = await call(userPaymentHistory, {}, { token: buyer.token });
    expect(first.status).toBe(200);
    expect(first.body.cursor).toBeNull();
    expect(first.body.result).toHaveLength(1);
    const [payment] = first.body.result;
    expect(payment).toMatchObject({
      planName: 'MR_LIGHT_V3',
      status: 'paid',
      refundedAmount: 0,
      currency: 'KRW',
    });
    // The sandbox answers PortOne's receipt_url, which the confirmation keeps with the payment.
    const slip = await send(new URL(payment.receiptUrl), { method: 'GET' });
    expect(slip.status).toBe(200);

    // Eleven earlier payments more (renewals, written as their grant writes them): two pages.
    for (let month = 1; month <= 11; month += 1) {
      await db()
        .entities.payment.create({
          uid: buyer.uid,
          planName: payment.planName,
          price: payment.amount,
          currency: payment.currency,
          status: 'paid',
          cancelledAmount: 0,
          userName: 'Kim Buyer',
          merchantUid: `${payment.merchantUid}-r${month}`,
          paidAt: payment.paidAt - month * 30 * 86_400_000,
          payMethod: 'card',
          pg: 'sandbox',
          userEmail: buyer.email,
          userPhone: '+821041000000',
          paymentType: 'renewal',
          isTest: false,
        })
        .go();
    }
    const page1 = await call(userPaymentHistory, {}, { token: buyer.token });
    expect(page1.body.result).toHaveLength(10);
    expect(page1.body.cursor).not.toBeNull();
    const page2 = await call(userPaymentHistory, { cursor: page1.body.cursor }, { token: buyer.token });
    expect(page2.body.result).toHaveLength(2);
    expect(page2.body.cursor).toBeNull();
    const paidAt = [...page1.body.result, ...page2.body.result].map((row: { paidAt: number }) => row.paidAt);
    expect(paidAt).toEqual([...paidAt].sort((a, b) => b - a));
    expect(new Set(paidAt).size).toBe(12);

    const refused = await call(userPaymentHistory, { cursor: 'not-a-cursor' }, { token: buyer.token });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('INVALID_ARGUMENT');
  });
});
