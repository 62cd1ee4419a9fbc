import { describe, expect, it } from 'vitest';
import { getPayment } from '../../../functions/core/adapters/payment-provider/portone.ts';
import { attentionList } from '../../../functions/core/attention/attention-cases.ts';
import { nowMs } from '../../../functions/core/clock.ts';
import { settlePaid } from '../../../functions/core/orders/confirmation.ts';
import { quoteRefund, RefundedMeanwhile, refundPlan } from '../../../functions/core/refunds/refund-engine.ts';
import { ONE_YEAR_PASS, receiptOf, testOrder } from './order-fixtures.ts';
import { paidAtSandbox, withPaymentSandbox } from './sandbox-fixtures.ts';

/**
 * Issue 14's race, as far as money goes: an operator's refund by bank transfer (no money moves at the
 * provider: it is owed from the product's account) is made while the customer's refund of the same
 * payment, computed on the figures before it, is on its way. Before issue 40 the customer's went back at
 * the provider too (which knows nothing of a transfer) and was listed as returned twice. Now every refund
 * is written on its payment's step before any money moves (refund-engine.ts), so the second one finds the
 * step taken and moves nothing.
 */
const sandbox = withPaymentSandbox();

describe('a provider refund computed on the figures a product-account refund already used', () => {
  it('moves no money and answers the refund made: the transfer alone is owed', async () => {
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
        requestKey: 'console:race-operator',
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
          requestKey: 'refund-session:race-customer',
        },
        customersQuote,
        'at-most-refundable',
      ),
    ).rejects.toBeInstanceOf(RefundedMeanwhile);
    const atProvider = await getPayment(impUid);
    expect(atProvider?.cancelledAmount).toBe(0);

    const listed = (await attentionList({ limit: 500 })).result.filter(
      (open) => open.merchantUid === order.merchantUid,
    );
    expect(listed).toMatchObject([{ kind: 'refund_transfer', amount: customersQuote.refundable }]);
  });
});
