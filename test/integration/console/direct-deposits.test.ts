import { describe, expect, it } from 'vitest';
import { getAttentionCase, refundTransferCaseId } from '../../../functions/core/data/attention-repository.ts';
import {
  getPayment,
  getUserPlanHead,
  listUserPlans,
} from '../../../functions/core/data/user-plan-repository.ts';
import {
  adminBulkDirectDepositCreate,
  adminDirectDepositCreate,
} from '../../../shared/api/direct-deposits.ts';
import { adminCancelPayment, adminRefundInfo } from '../../../shared/api/refunds.ts';
import { adminUserCreate } from '../../../shared/api/users.ts';
import { DIRECT_DEPOSIT_CUSTOMER_UID } from '../../../shared/direct-deposits/direct-deposit.ts';
import { newMerchantUid } from '../../../shared/payments/merchant-uid.ts';
import { PRODUCT_REFUND_SOURCE } from '../../../shared/refunds/refund-session.ts';
import { adminToken, call, uniqueId } from '../helpers.ts';
import { hideFromPlanIndex } from '../plan-index.ts';
import { finishedJob } from './jobs.ts';

/** Direct deposits over HTTP: one account's (idempotent by deposit id) and a bulk job with failures. */
async function consoleAccount(token: string) {
  const email = `${uniqueId('deposit')}@example.com`;
  const created = await call(
    adminUserCreate,
    { info: { name: 'Deposit Customer', email, password: 'deposit-pass1', language: 'ko' } },
    { token },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { uid: created.body.result.uid as string, email };
}

/** A new console account granted a deposit's plan. */
async function deposited() {
  const token = await adminToken();
  const { uid, email } = await consoleAccount(token);
  const depositId = newMerchantUid('direct-deposit');
  const answer = await call(adminDirectDepositCreate, { ...deposit(uid, email), depositId }, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { token, uid, email, depositId };
}

const deposit = (uid: string, email: string) => ({
  uid,
  planName: 'Y1_STANDARD_V3',
  price: 300000,
  currency: 'KRW',
  userName: 'Deposit Customer',
  userEmail: email,
  userPhone: '+821012345678',
  paymentType: 'event',
  desc: 'bank transfer 2026-11',
});

describe('a direct deposit for one account', () => {
  it('grants a one-year pass with a direct-deposit payment, once per deposit id, and refuses a second plan', async () => {
    const token = await adminToken();
    const { uid, email } = await consoleAccount(token);
    const depositId = newMerchantUid('direct-deposit');
    const first = await call(adminDirectDepositCreate, { ...deposit(uid, email), depositId }, { token });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.result).toMatchObject({
      merchantUid: depositId,
      planName: 'Y1_STANDARD_V3',
      alreadyGranted: false,
    });
    const { paidAt, expiredAt } = first.body.result;
    expect(expiredAt - paidAt).toBeGreaterThanOrEqual(365 * 24 * 3600 * 1000);

    const again = await call(adminDirectDepositCreate, { ...deposit(uid, email), depositId }, { token });
    expect(again.body.result).toMatchObject({ merchantUid: depositId, alreadyGranted: true });
    expect(await listUserPlans(uid)).toHaveLength(1);
    expect(await getPayment(depositId)).toMatchObject({
      uid,
      price: 300000,
      currency: 'KRW',
      paymentType: 'event',
      customerUid: DIRECT_DEPOSIT_CUSTOMER_UID,
      status: 'paid',
    });

    const second = await call(adminDirectDepositCreate, deposit(uid, email), { token });
    expect(second).toMatchObject({
      status: 409,
      body: { error: { code: 'conflict', msg: 'console-deposits:refusal.active_plan' } },
    });
    expect(await listUserPlans(uid)).toHaveLength(1);
  });

  it('refuses a second plan while the index of plans has not caught up with the first', async () => {
    const { token, uid, email, depositId } = await deposited();
    await hideFromPlanIndex(uid, depositId);
    const second = await call(adminDirectDepositCreate, deposit(uid, email), { token });
    expect(second).toMatchObject({
      status: 409,
      body: { error: { code: 'conflict', msg: 'console-deposits:refusal.active_plan' } },
    });
    expect(await getUserPlanHead(uid)).toMatchObject({ currentPlanId: depositId, version: 1 });
  });

  it('refuses missing fields, a price the currency cannot hold, a plan that is not a deposit plan and an unknown account', async () => {
    const token = await adminToken();
    const { uid, email } = await consoleAccount(token);
    const bad = await call(
      adminDirectDepositCreate,
      { ...deposit(uid, email), userPhone: '', price: 10.5, desc: '' },
      { token },
    );
    expect(bad).toMatchObject({ status: 400, body: { error: { code: 'invalid_argument' } } });
    for (const message of ['validation.user_phone', 'validation.price'])
      expect(bad.body.error.msg).toContain(`console-deposits:${message}`);

    const monthly = await call(
      adminDirectDepositCreate,
      { ...deposit(uid, email), planName: 'MR_LIGHT_V3' },
      { token },
    );
    expect(monthly.body.error).toMatchObject({
      code: 'conflict',
      msg: 'console-deposits:refusal.unknown_plan',
    });
    const nobody = await call(adminDirectDepositCreate, { ...deposit('nobody-here', email) }, { token });
    expect(nobody.body.error).toMatchObject({ code: 'conflict', msg: 'console-deposits:refusal.no_account' });
    expect(await listUserPlans(uid)).toHaveLength(0);
  });
});

describe('the refund of a direct deposit', () => {
  it('is estimated by bank transfer from the product account, the only way it can take, refused through the provider, and owed until paid', async () => {
    const { token, uid, depositId } = await deposited();
    const estimate = await call(adminRefundInfo, { uid, requestedMs: Date.now() }, { token });
    expect(estimate.body.result).toMatchObject({ refundSource: PRODUCT_REFUND_SOURCE, price: 300000 });

    const request = { uid, price: 300000, reason: 'cancelled contract' };
    const throughProvider = await call(
      adminCancelPayment,
      { ...request, refundSource: 'portone' },
      { token },
    );
    expect(throughProvider.body.error.code).toBe('invalid_argument');
    expect((await listUserPlans(uid))[0]?.planStatus).toBe('UNSCHEDULED');
    expect((await getPayment(depositId))?.cancelledAmount ?? 0).toBe(0);

    // A bank transfer needs the customer's account.
    const noAccount = await call(
      adminCancelPayment,
      { ...request, refundSource: PRODUCT_REFUND_SOURCE },
      { token },
    );
    expect(noAccount).toMatchObject({ status: 400, body: { error: { code: 'invalid_argument' } } });
    expect((await getPayment(depositId))?.cancelledAmount ?? 0).toBe(0);

    const refundAccount = { bankCode: '88', accountNumber: '110-123-456890', holder: '홍길동' };
    const refunded = await call(
      adminCancelPayment,
      { ...request, refundSource: PRODUCT_REFUND_SOURCE, refundAccount },
      { token },
    );
    expect(refunded.body.result).toEqual({
      kind: 'refunded',
      amount: 300000,
      refundSource: PRODUCT_REFUND_SOURCE,
      transferTo: { bankCode: '88', holder: '홍길동', accountMasked: '***-***-890' },
    });
    expect(await getPayment(depositId)).toMatchObject({ cancelledAmount: 300000 });
    expect((await listUserPlans(uid))[0]?.expiredAt).toBeLessThanOrEqual(Date.now());
    // Owed, not paid: listed for an operator, with the whole number kept only there.
    const owed = await getAttentionCase(refundTransferCaseId(depositId, 0));
    expect(owed).toMatchObject({
      kind: 'refund_transfer',
      amount: 300000,
      refundAccount: { accountNumber: '110123456890' },
    });
  });
});

describe('a bulk direct deposit', () => {
  it('grants every listed uid or e-mail the plan with the default payment type plan, and lists each refusal with its reason', async () => {
    const token = await adminToken();
    const byUid = await consoleAccount(token);
    const byEmail = await consoleAccount(token);
    const holder = await consoleAccount(token);
    await call(adminDirectDepositCreate, deposit(holder.uid, holder.email), { token });

    const queued = await call(
      adminBulkDirectDepositCreate,
      {
        uidOrEmails: [byUid.uid, byEmail.email, holder.uid, 'nobody@example.com'],
        planName: 'Y1_LIGHT_V3',
        price: 99000,
        currency: 'KRW',
        desc: 'event winners',
      },
      { token },
    );
    expect(queued.status, JSON.stringify(queued.body)).toBe(200);
    expect(queued.body.total).toBe(4);
    const done = await finishedJob(queued.body.jobId, token);
    expect(done.job).toMatchObject({ total: 4, succeeded: 2, failed: 2 });
    expect(done.fails.sort((a, b) => a.item.localeCompare(b.item))).toEqual(
      [
        { item: holder.uid, reason: 'console-deposits:refusal.active_plan' },
        { item: 'nobody@example.com', reason: 'console-deposits:refusal.no_account' },
      ].sort((a, b) => a.item.localeCompare(b.item)),
    );
    for (const account of [byUid, byEmail]) {
      const plans = await listUserPlans(account.uid);
      expect(plans).toHaveLength(1);
      expect(await getPayment(plans[0]?.planId ?? '')).toMatchObject({
        planName: 'Y1_LIGHT_V3',
        paymentType: 'plan',
        userEmail: account.email,
      });
    }
  });

  it('refuses an empty list and a missing desc', async () => {
    const token = await adminToken();
    const bad = await call(
      adminBulkDirectDepositCreate,
      { uidOrEmails: [], planName: 'Y1_LIGHT_V3', price: 1, currency: 'KRW', desc: '' },
      { token },
    );
    expect(bad).toMatchObject({ status: 400, body: { error: { code: 'invalid_argument' } } });
    expect(bad.body.error.msg).toContain('console-deposits:validation.no_uids');
  });
});
