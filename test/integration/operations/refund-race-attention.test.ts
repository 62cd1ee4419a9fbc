import { describe, expect, it } from 'vitest';
import { attentionList } from '../../../functions/core/attention/attention-cases.ts';
import { nowMs } from '../../../functions/core/clock.ts';
import { settlePaid } from '../../../functions/core/orders/confirmation.ts';
import { quoteRefund, refundPlan } from '../../../functions/core/refunds/refund-engine.ts';
import { ONE_YEAR_PASS, receiptOf, testOrder } from './order-fixtures.ts';
import { paidAtSandbox, withPaymentSandbox } from './sandbox-fixtures.ts';

/**
 * Issue 14's race, as far as money goes: an operator's refund by bank transfer (no money moves at the
 * provider: it is owed from the product's account) is recorded while the customer's refund of the same payment, computed on the figures before it, is
 * returned at the provider, which knows nothing of the other. The payment went back twice; the second
 * cannot be recorded, so it is listed on the attention page for an operator to settle.
 */
const sandbox = withPaymentSandbox();

describe('a provider refund that lost the record to a product-account refund', () => {
  it('is listed as returned twice, with what the provider returned, for a dismissal only', async () => {
    const order = await testOrder({ ...ONE_YEAR_PASS, payMethod: 'card' });
    const impUid = await paidAtSandbox(sandbox(), order);
    expect(await settlePaid(order, { ...receiptOf(order), impUid })).toEqual({ result: 'success' });

    const quote = () => quoteRefund({ uid: order.uid, requestedMs: nowMs(), businessDay: false });
    const customersQuote = await quote();
    const operator = { uid: 'operator-race', email: 'operator@example.com' };
    await refundPlan(
      {
        uid: order.uid,
        price: customersQuote.refundable,
        reason: 'Transferred by the bank',
        refundSource: 'cutloom',
        refundAccount: { bankCode: '88', accountNumber: '110123456890', holder: '홍길동' },
        requestedBy: operator.email,
        operator,
      },
      await quote(),
      'at-most-refundable',
    );
    await expect(
      refundPlan(
        {
          uid: order.uid,
          price: customersQuote.refundable,
          reason: 'Not for me',
          refundSource: 'portone',
          requestedBy: 'user',
        },
        customersQuote,
        'at-most-refundable',
      ),
    ).rejects.toThrow('could not be recorded');

    const listed = (await attentionList({ limit: 500 })).result.filter(
      (open) => open.merchantUid === order.merchantUid,
    );
    // Both are listed: the transfer still owed (which the operator settling the double refund does not
    // pay, but dismisses) and the provider's refund that could not be recorded.
    expect(listed).toMatchObject([
      { kind: 'refund_transfer', amount: customersQuote.refundable, refundWays: [] },
      {
        kind: 'refund_unrecorded',
        uid: order.uid,
        amount: customersQuote.refundable,
        currency: 'KRW',
        refundSources: [],
      },
    ]);
  });
});
