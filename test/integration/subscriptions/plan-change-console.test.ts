import { describe, expect, it } from 'vitest';
import { createRenewalOrder } from '../../../functions/core/data/plan-change-repository.ts';
import { db } from '../../../functions/core/data/service.ts';
import { adminAuditList } from '../../../shared/api/audit.ts';
import {
  adminCancelPlanChange,
  adminPlanChange,
  adminSchedulePlanChange,
  cancelPlanChange,
  schedulePlanChange,
  userPlanChange,
} from '../../../shared/api/plan-change.ts';
import { adminUserInfo } from '../../../shared/api/users.ts';
import { call, staffSession, uniqueId } from '../helpers.ts';
import { newCustomer } from '../orders/order-helpers.ts';

/**
 * Finance's side of a change of plan at the next renewal (issue 33): the console's user detail reads the
 * account's change and its choices, and a member of finance schedules or cancels one for the customer,
 * each call in the audit trail and on the account's activities; the customer's token and a role that
 * does not handle money are refused. Then the renewal's side of the race, on the table itself: once a
 * renewal's order is made the period's change is fixed, and an order made from a stale read of the
 * change is refused. A subscriber's plan is written as the grant writes it (no clock moves here).
 */
async function subscriber() {
  const customer = await newCustomer();
  const planId = uniqueId('plan');
  const expiredAt = Date.now() + 20 * 86_400_000;
  await db()
    .entities.userPlan.put({
      uid: customer.uid,
      planId,
      planName: 'MR_STANDARD_V3',
      planType: 'STANDARD',
      period: 'MONTHLY',
      isSubscription: true,
      catalogue: 'default',
      paidAt: expiredAt - 30 * 86_400_000,
      expiredAt,
      planStatus: 'PAID',
      customerUid: uniqueId('key'),
      price: 19_900,
      scheduledPrice: 19_900,
      payMethod: 'card',
      pg: 'html5_inicis',
      currency: 'KRW',
      sttLimit: 108_000,
      ttsLimit: 300_000,
      translateLimit: 900_000,
      genimageLimit: 3_000,
      cloudStorageLimit: 1,
      userTTSSpeakerLimit: 3,
      isTest: false,
    })
    .go();
  await db()
    .entities.userPlanHead.put({
      uid: customer.uid,
      version: 1,
      currentPlanId: planId,
      currentExpiredAt: expiredAt,
    })
    .go();
  return { customer, planId, expiredAt };
}

describe('finance’s change of plan for a customer', () => {
  it('reads, schedules and cancels it for the customer, recorded; refuses the customer’s token and another role', async () => {
    const { customer } = await subscriber();
    const [finance, support, viewer] = await Promise.all([
      staffSession('finance'),
      staffSession('support'),
      staffSession('viewer'),
    ]);
    const input = { uid: customer.uid, planName: 'MR_LIGHT_V3' };
    expect(await call(adminSchedulePlanChange, input, { token: customer.token })).toMatchObject({
      status: 401,
      body: { error: { code: 'invalid_level' } },
    });
    for (const member of [support, viewer]) {
      expect(await call(adminSchedulePlanChange, input, { token: member.token })).toMatchObject({
        status: 403,
        body: { error: { code: 'insufficient_role' } },
      });
      expect((await call(adminCancelPlanChange, { uid: customer.uid }, { token: member.token })).status).toBe(
        403,
      );
    }
    expect((await call(userPlanChange, {}, { token: customer.token })).body.result.scheduled).toBeNull();

    // Any member reads it (the user detail's section).
    const read = await call(adminPlanChange, { uid: customer.uid }, { token: viewer.token });
    expect(read.body.result.options.map((option: { planName: string }) => option.planName)).toContain(
      'MR_LIGHT_V3',
    );

    const scheduled = await call(adminSchedulePlanChange, input, { token: finance.token });
    expect(scheduled.body).toMatchObject({
      changed: true,
      result: { scheduled: { planName: 'MR_LIGHT_V3', amount: 9_900, scheduledBy: 'operator' } },
    });
    // The customer sees it on the billing page.
    expect((await call(userPlanChange, {}, { token: customer.token })).body.result.scheduled).toMatchObject({
      planName: 'MR_LIGHT_V3',
      scheduledBy: 'operator',
    });
    const refused = await call(
      adminSchedulePlanChange,
      { ...input, planName: 'MR_BUSINESS_V3' },
      { token: finance.token },
    );
    expect(refused.body.error.code).toBe('conflict');
    const cancelled = await call(adminCancelPlanChange, { uid: customer.uid }, { token: finance.token });
    expect(cancelled.body).toMatchObject({ changed: true, result: { scheduled: null } });

    const trail = await call(adminAuditList, { target: customer.uid }, { token: viewer.token });
    const entries = trail.body.entries as Array<{
      kind: string;
      outcome: string;
      staffEmail: string;
      changes: unknown[];
    }>;
    const byFinance = entries.filter((entry) => entry.staffEmail === finance.email);
    expect(byFinance.map((entry) => `${entry.kind} ${entry.outcome}`).sort()).toEqual([
      'adminCancelPlanChange done',
      'adminSchedulePlanChange done',
      'adminSchedulePlanChange refused',
    ]);
    // A role refused is recorded too, under the member (the role is checked before the input is read).
    for (const member of [support, viewer]) {
      const refusals = await call(adminAuditList, { staff: member.uid }, { token: viewer.token });
      expect(
        refusals.body.entries
          .map((entry: { kind: string; errorCode: string }) => `${entry.kind} ${entry.errorCode}`)
          .sort(),
      ).toEqual(['adminCancelPlanChange insufficient_role', 'adminSchedulePlanChange insufficient_role']);
    }
    const info = await call(adminUserInfo, { uid: customer.uid }, { token: viewer.token });
    const actions = info.body.userActivities.map(
      (activity: { action: string; operatorEmail: string }) => `${activity.action} ${activity.operatorEmail}`,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        `subscription.plan-change ${finance.email}`,
        `subscription.plan-change-cancelled ${finance.email}`,
      ]),
    );
  });
});

describe('the renewal’s side of a change', () => {
  it('fixes the change once the renewal’s order is made: it is neither replaced nor cancelled after', async () => {
    const { customer, planId, expiredAt } = await subscriber();
    const order = (planChangeId?: string) => ({
      merchantUid: uniqueId('rnw'),
      uid: customer.uid,
      clientType: 'landing' as const,
      language: 'ko' as const,
      paymentType: 'renewal' as const,
      planId,
      planExpiredAt: expiredAt,
      renewalAttempt: 0,
      planName: 'MR_STANDARD_V3',
      planType: 'STANDARD' as const,
      period: 'MONTHLY' as const,
      catalogue: 'default',
      currency: 'KRW' as const,
      payMethod: 'card',
      pg: 'html5_inicis',
      listPrice: 19_900,
      finalPrice: 19_900,
      amount: 19_900,
      isTest: false,
      userName: 'Kim Buyer',
      userEmail: customer.email,
      userPhone: '+821012345678',
      ...(planChangeId ? { planChangeId } : {}),
    });
    const scheduled = await call(schedulePlanChange, { planName: 'MR_LIGHT_V3' }, { token: customer.token });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    // A renewal that read the plan before the change: its order is refused, to be made from the change.
    expect(await createRenewalOrder(order())).toBe('plan-changed');
    const { data: plan } = await db().entities.userPlan.get({ uid: customer.uid, planId }).go();
    expect(await createRenewalOrder(order(plan?.planChange?.changeId))).toBe('created');

    // The renewal has begun, a day before its date on the server's clock: the change stays as charged.
    const replaced = await call(
      schedulePlanChange,
      { planName: 'YR_STANDARD_V3' },
      { token: customer.token },
    );
    expect(replaced.body.error).toMatchObject({ code: 'PLAN_CHANGE_NOT_ALLOWED', reason: 'renewal-due' });
    const cancelled = await call(cancelPlanChange, {}, { token: customer.token });
    expect(cancelled.body.error).toMatchObject({ code: 'PLAN_CHANGE_NOT_ALLOWED', reason: 'renewal-due' });
    const view = (await call(userPlanChange, {}, { token: customer.token })).body.result;
    expect(view).toMatchObject({
      refusal: 'renewal-due',
      scheduled: { planName: 'MR_LIGHT_V3', open: false },
    });
  });
});
