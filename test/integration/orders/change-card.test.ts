import { describe, expect, inject, it } from 'vitest';
import { getChangeCardRequest } from '../../../functions/core/data/change-card-repository.ts';
import { listUserPlans } from '../../../functions/core/data/user-plan-repository.ts';
import { changeCard, insertChangeCardProgress } from '../../../shared/api/change-card.ts';
import { createInitPayment } from '../../../shared/api/orders.ts';
import { call, send } from '../helpers.ts';
import {
  type Customer,
  DECLINED_CC01,
  newCustomer,
  registerCard,
  subscriber,
  VISA_OK,
} from './order-helpers.ts';

/** A change-card session (create-init-payment with isChangeCard), as the app opens it. */
function openChangeCard(customer: Customer) {
  return call(
    createInitPayment,
    { clientType: 'landing', language: 'ko', isChangeCard: true },
    { token: customer.token },
  );
}

async function billingKeyExists(customerUid: string): Promise<boolean> {
  const state = (await send(new URL('/_local/payments.json', inject('apiUrl')), { method: 'GET' })).body;
  return (state.billingKeys ?? []).some((key: { customer_uid: string }) => key.customer_uid === customerUid);
}

describe('a change of card', () => {
  it('replaces the plan’s billing key only once the provider issued the new one, exactly once', async () => {
    const buyer = await subscriber('MR_STANDARD_V3');
    const [before] = await listUserPlans(buyer.uid);
    const opened = await openChangeCard(buyer);
    expect(opened.status).toBe(200);
    const guid = opened.body.guid;
    expect(opened.body.sessionInfo.planPriceInfo.name).toBe('MR_STANDARD_V3');

    const wrongKey = await call(insertChangeCardProgress, { guid, customerUid: 'cus_notthisone' });
    expect(wrongKey.body.error.code).toBe('INCONSISTENCY');
    const prepared = await call(insertChangeCardProgress, { guid, customerUid: before?.customerUid });
    expect(prepared.status).toBe(200);
    const { changeCardData, customerUid, checkoutMerchantUid } = prepared.body;
    expect(changeCardData).toMatchObject({
      planName: 'MR_STANDARD_V3',
      userEmail: 'buyer@example.com',
      userPhone: '+821012345678',
      currency: 'KRW',
      price: 19900,
      clientType: 'landing',
    });
    expect(customerUid).not.toBe(before?.customerUid);
    expect(checkoutMerchantUid).toBe(`key_${changeCardData.merchantUid}`);

    // Before the checkout the provider has no key: nothing changes, and the change is over.
    const early = await call(changeCard, { guid, merchantUid: changeCardData.merchantUid });
    expect(early.body).toMatchObject({ result: 'error' });
    expect((await listUserPlans(buyer.uid))[0]?.customerUid).toBe(before?.customerUid);

    const second = (await call(insertChangeCardProgress, { guid })).body;
    const back = await registerCard(second, VISA_OK);
    expect(back.searchParams.get('imp_success')).toBe('true');
    const input = { guid, merchantUid: second.changeCardData.merchantUid };
    const answers = await Promise.all([call(changeCard, input), call(changeCard, input)]);
    for (const answer of answers) expect(answer.body).toEqual({ result: 'success' });
    expect((await call(changeCard, input)).body).toEqual({ result: 'success' });
    const [after] = await listUserPlans(buyer.uid);
    expect(after?.customerUid).toBe(second.customerUid);
    expect(await getChangeCardRequest(second.changeCardData.merchantUid)).toMatchObject({ status: 'done' });
    expect(await billingKeyExists(second.customerUid)).toBe(true);
    expect(await billingKeyExists(before?.customerUid ?? '')).toBe(false);
  });

  it('keeps the old card when the new one is declined', async () => {
    const buyer = await subscriber('MR_LIGHT_V3');
    const [before] = await listUserPlans(buyer.uid);
    const { guid } = (await openChangeCard(buyer)).body;
    const prepared = (await call(insertChangeCardProgress, { guid })).body;
    const back = await registerCard(prepared, DECLINED_CC01);
    expect(back.searchParams.get('imp_success')).toBe('false');
    expect(back.searchParams.get('error_code')).toBe('CC01');
    const answer = await call(changeCard, { guid, merchantUid: prepared.changeCardData.merchantUid });
    expect(answer.body.result).toBe('error');
    expect((await listUserPlans(buyer.uid))[0]?.customerUid).toBe(before?.customerUid);
  });

  it('is refused without a subscription paid by card, and for another session’s change', async () => {
    expect((await openChangeCard(await newCustomer())).body.error.code).toBe('USER_NOT_SUBSCRIBED');
    expect((await openChangeCard(await subscriber('Y1_LIGHT_V3'))).body.error.code).toBe('INVALID_ARGUMENT');
    expect((await openChangeCard(await subscriber('MR_LIGHT_V3', 'naver_pay'))).body.error.code).toBe(
      'INVALID_ARGUMENT',
    );
    const a = (await openChangeCard(await subscriber('MR_LIGHT_V3'))).body.guid;
    const b = (await openChangeCard(await subscriber('MR_LIGHT_V3'))).body.guid;
    const prepared = (await call(insertChangeCardProgress, { guid: a })).body;
    const other = await call(changeCard, { guid: b, merchantUid: prepared.changeCardData.merchantUid });
    expect(other.body.error.code).toBe('NO_PAYMENT_PROGRESS');
  });
});
