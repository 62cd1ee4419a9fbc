import { describe, expect, it } from 'vitest';
import { planHeldCaseId, refundTransferCaseId } from '../../../functions/core/data/attention-repository.ts';
import { getOrder, type PaymentOrder } from '../../../functions/core/data/order-reads.ts';
import { changePlanStatus } from '../../../functions/core/data/subscription-repository.ts';
import { listUserActivities } from '../../../functions/core/data/user-activity-repository.ts';
import {
  getUserPlanHead,
  latestUserPlan,
  type UserPlan,
  type UserPlanHead,
} from '../../../functions/core/data/user-plan-repository.ts';
import { settlePaid } from '../../../functions/core/orders/confirmation.ts';
import {
  adminAttentionList,
  adminAttentionResolve,
  adminRefundTransferAccount,
} from '../../../shared/api/attention.ts';
import { adminToken, call } from '../helpers.ts';
import { MONTHLY_LIGHT, ONE_YEAR_PASS, receiptOf, testOrder } from './order-fixtures.ts';

/**
 * The attention page's cases and actions (shared/attention/attention-cases.ts): a virtual account
 * deposited with the wrong amount goes back at the provider only to the customer's bank account, so it
 * is listed, with what the deposit took, for a refund to the account the customer gives (through the
 * provider, or by bank transfer from the product's account) or a dismissal.
 */
async function depositedWrongAmount(): Promise<PaymentOrder> {
  const deposit = await testOrder({ ...ONE_YEAR_PASS, payMethod: 'vbank' });
  expect(await settlePaid(deposit, receiptOf(deposit, 1000))).toMatchObject({
    result: 'error',
    errorType: 'INCONSISTENCY',
  });
  return deposit;
}

async function listedFor(uid: string) {
  const answer = await call(adminAttentionList, { limit: 500 }, { token: await adminToken() });
  return answer.body.result.filter((open: { uid: string }) => open.uid === uid);
}

async function listed(merchantUid: string) {
  const answer = await call(adminAttentionList, { limit: 500 }, { token: await adminToken() });
  expect(answer.status).toBe(200);
  return answer.body.result.filter((open: { merchantUid?: string }) => open.merchantUid === merchantUid);
}

const resolve = async (input: Record<string, unknown>) =>
  call(adminAttentionResolve, input, { token: await adminToken() });

describe('a deposit the product cannot keep nor return by itself', () => {
  it('is listed with the ways it may go back, refunded once by bank transfer to the account given, then marked paid once', async () => {
    const deposit = await depositedWrongAmount();
    const [open] = await listed(deposit.merchantUid);
    // A deposit goes back through the provider only to an account the customer gives, or by transfer.
    expect(open).toMatchObject({
      kind: 'refund_required',
      uid: deposit.uid,
      amount: 1000,
      currency: 'KRW',
      refundSources: ['portone', 'cutloom'],
      refundWays: [
        { source: 'portone', account: 'required' },
        { source: 'cutloom', account: 'required' },
      ],
      reason: 'The amount paid differs from the order',
    });

    for (const refundSource of ['portone', 'cutloom']) {
      const noAccount = await resolve({ caseId: open.caseId, action: 'refund', refundSource, reason: 'x' });
      expect(noAccount).toMatchObject({ status: 400, body: { error: { code: 'invalid_argument' } } });
    }
    const throughWallet = await resolve({
      caseId: open.caseId,
      action: 'refund',
      refundSource: 'naver_pay',
      reason: 'x',
    });
    expect(throughWallet.body.error).toMatchObject({ code: 'invalid_argument' });
    const noReason = await resolve({ caseId: open.caseId, action: 'dismiss', reason: ' ' });
    expect(noReason.body.error).toMatchObject({ code: 'invalid_argument' });
    expect(await listed(deposit.merchantUid)).toHaveLength(1);
    expect((await getOrder(deposit.merchantUid))?.status).toBe('refund_required');

    const refundAccount = { bankCode: '04', accountNumber: '123456-01-234567', holder: '김고객' };
    const refund = () =>
      resolve({
        caseId: open.caseId,
        action: 'refund',
        refundSource: 'cutloom',
        refundAccount,
        reason: 'Paid back by bank',
      });
    const answers = await Promise.all([refund(), refund(), refund()]);
    expect(answers.map((answer) => answer.body.result).sort()).toEqual([
      'already-ended',
      'already-ended',
      'ended',
    ]);
    expect((await getOrder(deposit.merchantUid))?.status).toBe('refunded');
    // Owed now: the transfer is the page's, its account masked there.
    const [owed, ...more] = await listed(deposit.merchantUid);
    expect(more).toEqual([]);
    expect(owed).toMatchObject({
      caseId: refundTransferCaseId(deposit.merchantUid, 0),
      kind: 'refund_transfer',
      amount: 1000,
      currency: 'KRW',
      transferTo: { bankCode: '04', holder: '김고객', accountMasked: '***-***-567' },
      reason: 'Paid back by bank',
    });
    expect(JSON.stringify(owed)).not.toContain('12345601234567');
    const token = await adminToken();
    const whole = await call(adminRefundTransferAccount, { caseId: owed.caseId }, { token });
    expect(whole.body.result).toEqual({ bankCode: '04', accountNumber: '12345601234567', holder: '김고객' });

    const paid = await Promise.all(
      [1, 2].map(() =>
        resolve({
          caseId: owed.caseId,
          action: 'transfer-paid',
          transferReference: 'KB-20261128-0001',
          reason: '',
        }),
      ),
    );
    expect(paid.map((answer) => answer.body.result).sort()).toEqual(['already-ended', 'ended']);
    expect(await listed(deposit.merchantUid)).toEqual([]);
    // The account number went with the case.
    const gone = await call(adminRefundTransferAccount, { caseId: owed.caseId }, { token });
    expect(gone).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
    const activities = await listUserActivities(deposit.uid);
    expect(activities.map((activity) => [activity.action, activity.desc]).reverse()).toEqual([
      ['attention.refund', `${deposit.merchantUid} 1000 KRW (cutloom): Paid back by bank`],
      ['attention.transfer-paid', `${deposit.merchantUid} 1000 KRW (cutloom, KB-20261128-0001)`],
    ]);
  });

  it('dismissed with a reason, leaves the page and its order as it is', async () => {
    const deposit = await depositedWrongAmount();
    const [open] = await listed(deposit.merchantUid);
    const dismissals = await Promise.all(
      [1, 2].map(() => resolve({ caseId: open.caseId, action: 'dismiss', reason: 'Settled by phone' })),
    );
    expect(dismissals.map((answer) => answer.body.result).sort()).toEqual(['already-ended', 'ended']);
    expect(await listed(deposit.merchantUid)).toEqual([]);
    expect((await getOrder(deposit.merchantUid))?.status).toBe('refund_required');
    const activities = await listUserActivities(deposit.uid);
    expect(activities.map((activity) => activity.action)).toEqual(['attention.dismiss']);
  });
});

describe('a subscription on hold', () => {
  it('leaves the page by itself when a renewal of it is paid', async () => {
    const first = await testOrder({ paymentType: 'regular', ...MONTHLY_LIGHT, payMethod: 'card' });
    await settlePaid(first, receiptOf(first));
    const plan = (await latestUserPlan(first.uid)) as UserPlan;
    const head = (await getUserPlanHead(first.uid)) as UserPlanHead;
    const caseId = planHeldCaseId(plan.uid, plan.planId);
    const held = await changePlanStatus({
      uid: plan.uid,
      planId: plan.planId,
      expiredAt: plan.expiredAt,
      from: ['PAID'],
      to: 'HOLD',
      head,
      raises: {
        caseId,
        kind: 'plan_held',
        uid: plan.uid,
        planId: plan.planId,
        reason: 'declined',
        refundSources: [],
      },
    });
    expect(held).toBe('changed');
    expect((await listedFor(plan.uid)).map((open: { caseId: string }) => open.caseId)).toEqual([caseId]);

    const renewal = await testOrder({
      paymentType: 'renewal',
      ...MONTHLY_LIGHT,
      payMethod: 'card',
      uid: plan.uid,
      planId: plan.planId,
      planExpiredAt: plan.expiredAt,
      renewalAttempt: 4,
    });
    expect(await settlePaid(renewal, receiptOf(renewal))).toEqual({ result: 'success' });
    expect((await latestUserPlan(plan.uid))?.planStatus).toBe('PAID');
    expect(await listedFor(plan.uid)).toEqual([]);
  });
});
