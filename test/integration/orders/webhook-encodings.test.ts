import { afterAll, describe, expect, inject, it } from 'vitest';
import { getOrder } from '../../../functions/core/data/order-reads.ts';
import { listUserPlans } from '../../../functions/core/data/user-plan-repository.ts';
import { send } from '../helpers.ts';
import {
  checkout,
  newCustomer,
  openSession,
  placeOrder,
  sandboxState,
  until,
  VISA_OK,
} from './order-helpers.ts';

/**
 * PortOne's console sends its notifications as JSON or as a form, as the merchant sets it (V1 webhook
 * guide), and sends each once: the webhook route takes both, and a cancel's carries its cancellation_id.
 */
const apiUrl = () => inject('apiUrl');

function setContentType(contentType: string) {
  return send(new URL('/_local/payments/notifications/policy', apiUrl()), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ contentType }),
  });
}

afterAll(async () => {
  await setContentType('application/json');
});

describe('the provider notification', () => {
  for (const contentType of ['application/json', 'application/x-www-form-urlencoded'])
    it(`sent once as ${contentType}, grants the order it names (nobody asks for the result)`, async () => {
      expect((await setContentType(contentType)).status).toBe(200);
      const buyer = await newCustomer();
      const { sessionInfo } = await openSession(buyer, { planName: 'Y1_LIGHT_V3' });
      const order = await placeOrder(sessionInfo, 'card');
      const back = await checkout(sessionInfo, order, 'card', VISA_OK);

      // The one delivery, once the sandbox has the product's answer to it.
      const sent = await until(async () => {
        const { notifications } = await sandboxState();
        const mine = notifications.filter((one) => one.body.imp_uid === back.imp_uid);
        return mine.length && !mine.some((one) => one.state === 'delivering') ? mine : undefined;
      }, 'the notification to be answered');
      expect(sent).toEqual([expect.objectContaining({ state: 'delivered', attempts: 1 })]);
      expect((await getOrder(order.merchantUid))?.status).toBe('paid');
      expect(await listUserPlans(buyer.uid)).toHaveLength(1);
    });

  it('of a cancel, as a form with its cancellation_id, is read back at the provider', async () => {
    const buyer = await newCustomer();
    const { sessionInfo } = await openSession(buyer, { planName: 'Y1_LIGHT_V3' });
    const order = await placeOrder(sessionInfo, 'card');
    const back = await checkout(sessionInfo, order, 'card', VISA_OK);
    const answer = await send(new URL('/payment/portone-webhook', apiUrl()), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams({
        imp_uid: back.imp_uid as string,
        merchant_uid: order.merchantUid,
        status: 'cancelled',
        cancellation_id: 'cancel_0000000000',
      }).toString(),
    });
    // The body is a hint: the provider's record says paid, so the order is granted, not cancelled.
    expect(answer).toMatchObject({ status: 200, body: { result: 'confirmed' } });
    expect((await getOrder(order.merchantUid))?.status).toBe('paid');
  });
});
