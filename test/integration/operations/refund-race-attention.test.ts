import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attentionList } from '../../../functions/core/attention/attention-cases.ts';
import { nowMs } from '../../../functions/core/clock.ts';
import { settlePaid } from '../../../functions/core/orders/confirmation.ts';
import { quoteRefund, refundPlan } from '../../../functions/core/refunds/refund-engine.ts';
import { invokeModule } from '../../../scripts/local/lambda-context.ts';
import type { StandIn } from '../../../scripts/local/stand-in-context.ts';
import { start as startMail } from '../../../scripts/local/stand-ins/mail.ts';
import { VISA_OK } from '../orders/order-helpers.ts';
import { checkoutInBrowser, type Harness, startHarness } from '../payments/sandbox-harness.ts';
import { ONE_YEAR_PASS, receiptOf, testOrder } from './order-fixtures.ts';

/**
 * Issue 14's race, as far as money goes: an operator's refund to the product account (no money moves)
 * is recorded while the customer's refund of the same payment, computed on the figures before it, is
 * returned at the provider, which knows nothing of the other. The payment went back twice; the second
 * cannot be recorded, so it is listed on the attention page for an operator to settle.
 */
let harness: Harness;
let mail: StandIn;
beforeAll(async () => {
  harness = await startHarness();
  mail = await startMail({
    registerLocalEndpoint: () => undefined,
    invokeModule,
    stateDir: undefined,
    baseUrl: harness.pagesUrl,
  });
  Object.assign(process.env, mail.env, { SITE_URL: harness.pagesUrl });
});
afterAll(async () => {
  await mail?.stop();
  await harness?.stop();
});

describe('a provider refund that lost the record to a product-account refund', () => {
  it('is listed as returned twice, with what the provider returned, for a dismissal only', async () => {
    const order = await testOrder({ ...ONE_YEAR_PASS, payMethod: 'card' });
    const { returned } = await checkoutInBrowser(
      harness.pagesUrl,
      {
        pg: 'html5_inicis',
        pay_method: 'card',
        merchant_uid: order.merchantUid,
        name: order.planName,
        amount: order.amount,
        currency: 'KRW',
        buyer_name: 'Test Buyer',
        buyer_email: 'test-buyer@example.com',
        buyer_tel: '010-1234-5678',
        m_redirect_url: `${harness.pagesUrl}/ko/payment/result/pending`,
      },
      { choice: VISA_OK },
    );
    const impUid = returned.searchParams.get('imp_uid') as string;
    expect(await settlePaid(order, { ...receiptOf(order), impUid })).toEqual({ result: 'success' });

    const quote = () => quoteRefund({ uid: order.uid, requestedMs: nowMs(), businessDay: false });
    const customersQuote = await quote();
    const operator = { uid: 'operator-race', email: 'operator@example.com' };
    await refundPlan(
      {
        uid: order.uid,
        price: customersQuote.refundable,
        reason: 'Credited to the account',
        refundSource: 'cutloom',
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
    expect(listed).toMatchObject([
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
