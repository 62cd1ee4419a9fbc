import { describe, expect, inject, it } from 'vitest';
import { getCustomerMail } from '../../../functions/core/data/customer-mail-repository.ts';
import type { CustomerMailKind } from '../../../functions/core/data/entities/customer-mail.ts';
import { db } from '../../../functions/core/data/service.ts';
import { listUserPlans } from '../../../functions/core/data/user-plan-repository.ts';
import { createBillingKeyPayment, getPaymentResult, getVbankIssuedInfo } from '../../../shared/api/orders.ts';
import { cancelPaymentUser, createUserRefund } from '../../../shared/api/refunds.ts';
import {
  createInitUsageEraser,
  insertPaymentProgressUsageEraserInfo,
} from '../../../shared/api/usage-eraser.ts';
import { call, send } from '../helpers.ts';
import { mailsTo, type OutboxMail } from '../identity/accounts.ts';
import {
  type Customer,
  checkout,
  confirm,
  deposit,
  eraserOrderInput,
  newCustomer,
  openSession,
  payEraser,
  placeOrder,
  placeUpgrade,
  subscriber,
  until,
  VISA_OK,
} from '../orders/order-helpers.ts';

/**
 * The customer mails after checkout (issue 17 part 1), over the routes and the SES stand-in: one mail
 * per event however often (or however concurrently) its confirmation runs, in the account's language
 * (these accounts' is Korean), and a payment that succeeds even when its mail is refused.
 */
const billingLink = `/ko/account/billing`;

/** The mails to an address that mention `needle` (a merchantUid), once the first has arrived. */
async function mailsAbout(email: string, needle: string): Promise<OutboxMail[]> {
  const about = async () => (await mailsTo(email)).filter((mail) => mail.text.includes(needle));
  await until(async () => ((await about()).length ? true : undefined), `a mail about ${needle}`);
  return about();
}

/** The marker of a mail once it has the status (the step that sends it may still be finishing). */
function markedAs(kind: CustomerMailKind, eventId: string, status: 'sent' | 'failed') {
  return until(async () => {
    const marker = await getCustomerMail(kind, eventId);
    return marker?.status === status ? marker : undefined;
  }, `the ${kind} mail of ${eventId} ${status}`);
}

async function refuseMailTo(address: string, refuse: boolean): Promise<void> {
  const answer = await send(new URL('/_local/outbox/refuse', inject('apiUrl')), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address, refuse }),
  });
  expect(answer.status).toBe(200);
}

/** A fixed-term pass bought by card, up to the provider's return (not yet confirmed). */
async function passCheckout(buyer: Customer) {
  const { sessionInfo } = await openSession(buyer, { planName: 'Y1_STANDARD_V3' });
  const order = await placeOrder(sessionInfo, 'card');
  const back = await checkout(sessionInfo, order, 'card', VISA_OK);
  expect(back.imp_success).toBe('true');
  return { guid: sessionInfo.guid, merchantUid: order.merchantUid, amount: order.amount };
}

describe('receipts', () => {
  it('mail a first payment once, with its amount, method, order number, provider receipt and billing link, however often it is confirmed', async () => {
    const buyer = await newCustomer();
    const { guid, merchantUid } = await passCheckout(buyer);
    const answers = await Promise.all([1, 2, 3].map(() => confirm(guid, merchantUid)));
    for (const answer of answers) expect(['success', 'pending']).toContain(answer.body.result);
    expect((await confirm(guid, merchantUid)).body.result).toBe('success');
    const [receipt, ...more] = await mailsAbout(buyer.email, merchantUid);
    expect(more).toEqual([]);
    expect(receipt?.subject).toBe('[Cutloom] 결제가 완료되었습니다');
    expect(receipt?.text).toContain('결제 금액: ₩238,800');
    expect(receipt?.text).toContain('결제 수단: 신용·체크카드');
    expect(receipt?.text).toContain(`주문 번호: ${merchantUid}`);
    // The provider's sales slip (the sandbox's PG serves it on the runtime, so over http locally).
    expect(receipt?.text).toMatch(/영수증: https?:\/\/\S+\/_local\/payments\/receipt\?imp_uid=\S+/);
    expect(receipt?.links.at(-1)).toMatch(new RegExp(`${billingLink}$`));
    await markedAs('receipt', merchantUid, 'sent');
  });

  it('mail a subscription’s first payment and its upgrade, with the credit, once each', async () => {
    const buyer = await subscriber('MR_LIGHT_V3');
    const [light] = await listUserPlans(buyer.uid);
    expect(await mailsAbout(buyer.email, light?.planId ?? '')).toHaveLength(1);

    const { session, data, merchantUid, customerUid } = await placeUpgrade(buyer, 'MR_STANDARD_V3');
    const input = { guid: session.guid, merchantUid, customerUid, isUpgrade: true };
    await Promise.all([call(createBillingKeyPayment, input), call(createBillingKeyPayment, input)]);
    const result = await call(getPaymentResult, { guid: session.guid, merchantUid, isUpgrade: true });
    expect(result.body.result).toBe('success');
    const [upgrade, ...more] = await mailsAbout(buyer.email, merchantUid);
    expect(more).toEqual([]);
    expect(upgrade?.subject).toBe('[Cutloom] 플랜이 업그레이드되었습니다');
    expect(upgrade?.text).toContain(
      `기존 플랜 잔여 금액 차감: ₩${data.refundAmount.toLocaleString('en-US')}`,
    );
    expect(upgrade?.text).toContain(`결제 금액: ₩${(19900 - data.refundAmount).toLocaleString('en-US')}`);
  });

  it('mail a usage eraser once, naming the usage it reset', async () => {
    const buyer = await subscriber('MR_STANDARD_V3');
    const { guid } = (
      await call(createInitUsageEraser, { clientType: 'desktop', language: 'ko' }, { token: buyer.token })
    ).body;
    const placed = await call(insertPaymentProgressUsageEraserInfo, eraserOrderInput(guid));
    const { merchantUid, amount } = placed.body;
    await payEraser(guid, merchantUid, amount);
    await Promise.all([1, 2].map(() => call(getPaymentResult, { guid, merchantUid })));
    expect((await call(getPaymentResult, { guid, merchantUid })).body.result).toBe('success');
    const [eraser, ...more] = await mailsAbout(buyer.email, merchantUid);
    expect(more).toEqual([]);
    expect(eraser?.subject).toBe('[Cutloom] 사용량 초기화 결제가 완료되었습니다');
    expect(eraser?.text).toContain('초기화한 사용량: 음성 인식');
    expect(eraser?.text).toContain('결제 금액: ₩9,900');
  });
});

describe('a virtual account', () => {
  it('is mailed once when issued, and its deposit gets a receipt once', async () => {
    const buyer = await newCustomer();
    const { sessionInfo } = await openSession(buyer, { planName: 'Y1_STANDARD_V3' });
    const order = await placeOrder(sessionInfo, 'vbank');
    const back = await checkout(sessionInfo, order, 'vbank', 'vbank');
    const asked = { guid: sessionInfo.guid, merchantUid: order.merchantUid };
    const [issued] = await Promise.all([
      call(getVbankIssuedInfo, asked),
      call(getVbankIssuedInfo, asked),
      confirm(sessionInfo.guid, order.merchantUid),
    ]);
    const info = issued.body.vbankIssuedInfo;
    const [account, ...more] = await mailsAbout(buyer.email, info.vbankNum);
    expect(more).toEqual([]);
    expect(account?.subject).toBe('[Cutloom] 가상계좌 입금 안내');
    expect(account?.text).toContain(`은행: ${info.vbankName}`);
    expect(account?.text).toContain('결제 금액: ₩238,800');
    expect(account?.text).toMatch(/입금 기한: .+ \(한국 시간\)/);

    expect((await deposit(back.imp_uid as string)).status).toBe(200);
    await until(
      async () =>
        (await confirm(sessionInfo.guid, order.merchantUid)).body.result === 'success' ? true : undefined,
      'the deposit',
    );
    await confirm(sessionInfo.guid, order.merchantUid);
    const receipts = (await mailsAbout(buyer.email, order.merchantUid)).filter((mail) =>
      mail.subject.includes('입금이 확인되었습니다'),
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain('결제 수단: 가상계좌');
    expect((await mailsTo(buyer.email)).filter((mail) => mail.text.includes(info.vbankNum))).toHaveLength(1);
  });
});

describe('a refund', () => {
  it('is mailed once, with the amount, where it went and the plan’s end, however many clicks', async () => {
    const buyer = await subscriber('MR_STANDARD_V3');
    const [plan] = await listUserPlans(buyer.uid);
    const { guid } = (await call(createUserRefund, {}, { token: buyer.token })).body;
    const request = { guid, price: 19900, reason: 'Not for me', refundSource: 'portone', agreed: true };
    await Promise.all([1, 2, 3].map(() => call(cancelPaymentUser, request)));
    const [refund, ...more] = (await mailsTo(buyer.email)).filter((mail) => mail.subject.includes('환불'));
    expect(more).toEqual([]);
    expect(refund?.subject).toBe('[Cutloom] 환불이 완료되었습니다');
    expect(refund?.text).toContain('결제 금액: ₩19,900');
    expect(refund?.text).toContain('환불 수단: 신용·체크카드');
    expect(refund?.text).toContain('이후 자동 결제되지 않습니다');
    expect((await getCustomerMail('refund-made', `${plan?.planId}-0`))?.status).toBe('sent');
  });
});

describe('a mail that fails', () => {
  it('does not fail the payment; it is recorded failed and sent by the next confirmation, once', async () => {
    const buyer = await newCustomer();
    await refuseMailTo(buyer.email, true);
    const { guid, merchantUid } = await passCheckout(buyer);
    expect((await confirm(guid, merchantUid)).body.result).toBe('success');
    expect((await listUserPlans(buyer.uid)).map((plan) => plan.planId)).toEqual([merchantUid]);
    expect(await mailsTo(buyer.email)).toEqual([]);
    // The confirmation that granted (the page's or the notification's) marks it, maybe after the answer.
    const marker = await markedAs('receipt', merchantUid, 'failed');
    expect(marker.attempts).toBe(1);
    expect(marker?.failure).toContain('Email address is not verified');

    await refuseMailTo(buyer.email, false);
    await Promise.all([confirm(guid, merchantUid), confirm(guid, merchantUid)]);
    expect((await confirm(guid, merchantUid)).body.result).toBe('success');
    expect(await mailsAbout(buyer.email, merchantUid)).toHaveLength(1);
    expect((await markedAs('receipt', merchantUid, 'sent')).attempts).toBe(2);
  });

  it('is not sent again once sent, nor for an order paid before receipts existed', async () => {
    const buyer = await newCustomer();
    const { guid, merchantUid } = await passCheckout(buyer);
    expect((await confirm(guid, merchantUid)).body.result).toBe('success');
    await mailsAbout(buyer.email, merchantUid);
    await db().entities.customerMail.delete({ kind: 'receipt', eventId: merchantUid }).go();
    expect((await confirm(guid, merchantUid)).body.result).toBe('success');
    expect(await mailsAbout(buyer.email, merchantUid)).toHaveLength(1);
  });
});
