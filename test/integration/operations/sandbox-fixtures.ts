import { afterAll, beforeAll } from 'vitest';
import type { PaymentOrder } from '../../../functions/core/data/order-reads.ts';
import { invokeModule } from '../../../scripts/local/lambda-context.ts';
import type { StandIn } from '../../../scripts/local/stand-in-context.ts';
import { start as startMail } from '../../../scripts/local/stand-ins/mail.ts';
import { VISA_OK } from '../orders/order-helpers.ts';
import { checkoutInBrowser, type Harness, startHarness } from '../payments/sandbox-harness.ts';

/**
 * The payment sandbox and the mail stand-in in this process, for the describe block that calls it: the
 * production adapters then pay, cancel and mail against them. Answers the harness once started.
 */
export function withPaymentSandbox(): () => Harness {
  let harness: Harness | undefined;
  let mail: StandIn | undefined;
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
  return () => {
    if (!harness) throw new Error('The payment sandbox is not started');
    return harness;
  };
}

/** The order paid by card at the sandbox, `amount` (the order's unless tampered): its imp_uid. */
export async function paidAtSandbox(harness: Harness, order: PaymentOrder, amount = order.amount) {
  const { returned } = await checkoutInBrowser(
    harness.pagesUrl,
    {
      pg: 'html5_inicis',
      pay_method: 'card',
      merchant_uid: order.merchantUid,
      name: order.planName,
      amount,
      currency: 'KRW',
      buyer_name: 'Test Buyer',
      buyer_email: 'test-buyer@example.com',
      buyer_tel: '010-1234-5678',
      m_redirect_url: `${harness.pagesUrl}/ko/payment/result/pending`,
    },
    { choice: VISA_OK },
  );
  return returned.searchParams.get('imp_uid') as string;
}
