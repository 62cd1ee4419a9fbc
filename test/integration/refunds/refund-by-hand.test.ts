import { describe, expect, it } from 'vitest';
import { listUserActivities } from '../../../functions/core/data/user-activity-repository.ts';
import { latestUserPlan } from '../../../functions/core/data/user-plan-repository.ts';
import { settlePaid } from '../../../functions/core/orders/confirmation.ts';
import { adminAttentionList, adminAttentionResolve } from '../../../shared/api/attention.ts';
import { adminFinanceLedger } from '../../../shared/api/finance.ts';
import { adminCancelPayment, adminRefundInfo } from '../../../shared/api/refunds.ts';
import { kstToday } from '../../../shared/time/kst.ts';
import { adminToken, call } from '../helpers.ts';
import { ONE_YEAR_PASS, type OrderKind, receiptOf, testOrder } from '../operations/order-fixtures.ts';

/**
 * A payment in another currency than won returned by hand outside the provider (issue 41): offered to an
 * operator beside the provider's way, decided at once (the plan ends, nothing moves at the provider),
 * owed on the attention page without an account, and marked paid only with how it went; the ledger then
 * has the refund, with how and the reference.
 */
async function dollarPass() {
  const kind = { ...ONE_YEAR_PASS, amount: 179.88, currency: 'USD', pg: 'eximbay', payMethod: 'card' };
  const order = await testOrder(kind as OrderKind);
  expect(await settlePaid(order, { ...receiptOf(order), currency: 'USD' })).toMatchObject({
    result: 'success',
  });
  return order;
}

const PROVIDER = { source: 'portone', account: 'none' };
const BY_HAND = { source: 'cutloom', account: 'none' };

describe('a refund by hand, in another currency', () => {
  it('is offered to an operator, owed once decided, and marked paid with how and the reference', async () => {
    const token = await adminToken();
    const order = await dollarPass();
    const estimate = await call(
      adminRefundInfo,
      { uid: order.uid, requestedMs: Date.now(), businessDay: false },
      { token },
    );
    expect(estimate.status, JSON.stringify(estimate.body)).toBe(200);
    // The provider's way recommended, by hand beside it, for the whole and for a part.
    expect(estimate.body.result.refundWays).toEqual({
      whole: { ways: [PROVIDER, BY_HAND] },
      part: { ways: [PROVIDER, BY_HAND] },
    });

    const refunded = await call(
      adminCancelPayment,
      { uid: order.uid, price: 100, reason: 'The card was closed', refundSource: 'cutloom' },
      { token },
    );
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body.result).toEqual({ kind: 'refunded', amount: 100, refundSource: 'cutloom' });
    expect((await latestUserPlan(order.uid))?.planStatus).toBe('UNSCHEDULED');

    const list = await call(adminAttentionList, { limit: 500 }, { token });
    const [owed, ...more] = list.body.result.filter(
      (open: { merchantUid?: string }) => open.merchantUid === order.merchantUid,
    );
    expect(more).toEqual([]);
    expect(owed).toMatchObject({ kind: 'refund_transfer', amount: 100, currency: 'USD' });
    expect(owed.transferTo).toBeUndefined();
    // No ledger entry before it is paid.
    const ledger = async () =>
      (
        await call(
          adminFinanceLedger,
          { period: kstToday(), kind: 'refund', includeTest: true, limit: 500 },
          { token },
        )
      ).body.result.filter((entry: { merchantUid: string }) => entry.merchantUid === order.merchantUid);
    expect(await ledger()).toEqual([]);

    const paid = (input: Record<string, unknown>) =>
      call(
        adminAttentionResolve,
        { caseId: owed.caseId, action: 'transfer-paid', transferReference: 'PAYPAL-9X1', ...input },
        { token },
      );
    // How it went is asked, and another way is said in the note; nothing is ended meanwhile.
    expect((await paid({ reason: '' })).body.error).toMatchObject({ code: 'invalid_argument' });
    expect((await paid({ paidVia: 'other', reason: '' })).body.error).toMatchObject({
      code: 'invalid_argument',
    });
    expect((await paid({ paidVia: 'cheque', reason: '' })).status).toBe(400);
    expect(await ledger()).toEqual([]);
    expect((await paid({ paidVia: 'paypal', reason: 'to their PayPal' })).body.result).toBe('ended');

    expect(await ledger()).toEqual([
      expect.objectContaining({
        amount: 100,
        currency: 'USD',
        refundSource: 'cutloom',
        paidVia: 'paypal',
        transferReference: 'PAYPAL-9X1',
      }),
    ]);
    const activities = await listUserActivities(order.uid);
    expect(activities.map((activity) => activity.desc)).toContain(
      `${order.merchantUid} 100 USD (cutloom, paypal, PAYPAL-9X1): to their PayPal`,
    );
  });

  it('keeps a bank transfer a bank transfer: no other way is taken for how it was paid', async () => {
    const token = await adminToken();
    const order = await testOrder({ ...ONE_YEAR_PASS, payMethod: 'card' });
    expect(await settlePaid(order, receiptOf(order))).toMatchObject({ result: 'success' });
    const refunded = await call(
      adminCancelPayment,
      {
        uid: order.uid,
        price: 1000,
        reason: 'By transfer',
        refundSource: 'cutloom',
        refundAccount: { bankCode: '04', accountNumber: '123456-01-234567', holder: '김고객' },
      },
      { token },
    );
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    const list = await call(adminAttentionList, { limit: 500 }, { token });
    const owed = list.body.result.find(
      (open: { merchantUid?: string }) => open.merchantUid === order.merchantUid,
    );
    const paid = await call(
      adminAttentionResolve,
      {
        caseId: owed.caseId,
        action: 'transfer-paid',
        transferReference: 'KB-1',
        paidVia: 'paypal',
        reason: '',
      },
      { token },
    );
    expect(paid.body.error).toMatchObject({ code: 'invalid_argument' });
  });
});
