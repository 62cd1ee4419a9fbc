import { describe, expect, inject, it, vi } from 'vitest';
import {
  claimCustomerText,
  getCustomerText,
  markCustomerText,
  recordTextDelivery,
} from '../../../functions/core/data/customer-text-repository.ts';
import { db } from '../../../functions/core/data/service.ts';
import { listUserPlans } from '../../../functions/core/data/user-plan-repository.ts';
import { createUser } from '../../../functions/core/data/user-repository.ts';
import { signIdToken } from '../../../functions/core/identity/id-token.ts';
import { kakaoDeliveryReport } from '../../../shared/api/notices.ts';
import { getVbankIssuedInfo, requestSendCoolsms } from '../../../shared/api/orders.ts';
import { cancelPaymentUser, createUserRefund } from '../../../shared/api/refunds.ts';
import { adminUserInfo } from '../../../shared/api/users.ts';
import { call, customerToken, send, uniqueId } from '../helpers.ts';
import { mailsTo } from '../identity/accounts.ts';
import {
  type Customer,
  checkout,
  confirm,
  newCustomer,
  openSession,
  placeOrder,
  smsOutbox,
  subscriber,
  until,
  VISA_OK,
} from '../orders/order-helpers.ts';
import { operatorToken } from '../staff-sign-in.ts';

/**
 * The customer notices by KakaoTalk 알림톡 with the SMS fallback, over the routes and the SOLAPI
 * stand-in (scripts/local/stand-ins/coolsms.ts): one 알림톡 per event with its template's variables,
 * however often its step runs, and none for a customer who is not Korean; the fallback for a number not
 * on KakaoTalk; delivery reports recorded only as SOLAPI's own record says, once; the console's list.
 * (The renewal notices, which need a test clock: renewal-notices.test.ts.)
 */
const REPORT_KEY = 'sandbox-report-key';

/** A Korean mobile number of one test, so that its texts are its own. */
function mobile(): { e164: string; domestic: string } {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  return { e164: `+8210${digits}`, domestic: `010${digits}` };
}

async function markRecipient(to: string, state: { kakaoTalk?: boolean; reachable?: boolean }) {
  const answer = await send(new URL('/_local/sms/recipients', inject('apiUrl')), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to, ...state }),
  });
  expect(answer.status).toBe(200);
}

async function refuseMailTo(address: string, refuse: boolean): Promise<void> {
  const answer = await send(new URL('/_local/outbox/refuse', inject('apiUrl')), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address, refuse }),
  });
  expect(answer.status).toBe(200);
}

/** The 알림톡 the stand-in took for a notice's event. */
async function textsOf(eventId: string) {
  return (await smsOutbox()).filter((sms) => sms.type === 'ATA' && sms.customFields?.eventId === eventId);
}

/**
 * How long a delivery report may take: SOLAPI's stand-in posts it after the message, as SOLAPI does, through
 * the runtime's report route; on a loaded machine that is seconds.
 */
const REPORT_WITHIN_MS = 30_000;
// A test here waits on up to two reports after a purchase: its time allows for both on such a machine.
vi.setConfig({ testTimeout: 3 * REPORT_WITHIN_MS });

/** The notice's record once it stands as wanted (its delivery report arrives after the answer). */
async function textRecord(kind: string, eventId: string, status: string) {
  let last: unknown;
  try {
    return await until(
      async () => {
        const { data } = await db()
          .entities.customerText.get({ kind: kind as 'receipt', eventId })
          .go({ consistent: true });
        last = data;
        return data?.status === status ? data : undefined;
      },
      `the ${kind} 알림톡 of ${eventId} ${status}`,
      REPORT_WITHIN_MS,
    );
  } catch (error) {
    // What it stood at, and what SOLAPI's stand-in holds of it: where the report was lost.
    const held = (await smsOutbox()).filter((sms) => sms.customFields?.eventId === eventId);
    throw new Error(`${(error as Error).message}: ${JSON.stringify({ record: last, atSolapi: held })}`);
  }
}

/** A pass bought by card and confirmed (three times at once: a retried confirmation texts once). */
async function paidPass(buyer: Customer, phone: string) {
  const { sessionInfo } = await openSession(buyer, { planName: 'Y1_STANDARD_V3' });
  const order = await placeOrder(sessionInfo, 'card', { userPhone: phone });
  await checkout(sessionInfo, order, 'card', VISA_OK);
  await Promise.all([1, 2, 3].map(() => confirm(sessionInfo.guid, order.merchantUid)));
  expect((await confirm(sessionInfo.guid, order.merchantUid)).body.result).toBe('success');
  return { guid: sessionInfo.guid, merchantUid: order.merchantUid };
}

describe('the 알림톡 of a payment', () => {
  it('a receipt: once per payment however often it is confirmed, its template filled, delivered by KakaoTalk', async () => {
    const buyer = await newCustomer();
    const phone = mobile();
    const { merchantUid } = await paidPass(buyer, phone.e164);
    const [text, ...more] = await until(async () => {
      const texts = await textsOf(merchantUid);
      return texts.length ? texts : undefined;
    }, 'the receipt 알림톡');
    expect(more).toEqual([]);
    expect(text).toMatchObject({ to: phone.domestic, templateId: 'KA01TP-SANDBOX-RECEIPT' });
    expect(text?.text).toContain('Kim Buyer님, 결제가 완료되었습니다.');
    expect(text?.text).toContain('■ 결제 금액: ₩238,800');
    expect(text?.text).toContain('■ 결제 수단: 신용·체크카드');
    expect(text?.text).toContain(`■ 주문번호: ${merchantUid}`);
    // The report came back, was checked with SOLAPI and recorded; the mail went too, once.
    expect((await textRecord('receipt', merchantUid, 'kakao')).statusCode).toBe('4000');
    expect((await mailsTo(buyer.email)).filter((mail) => mail.text.includes(merchantUid))).toHaveLength(1);
  });

  it('a virtual account: its details by 알림톡 once, and the order page texts nothing more', async () => {
    const buyer = await newCustomer();
    const phone = mobile();
    const { sessionInfo } = await openSession(buyer, { planName: 'Y1_STANDARD_V3' });
    const order = await placeOrder(sessionInfo, 'vbank', { userPhone: phone.e164 });
    await checkout(sessionInfo, order, 'vbank', 'vbank');
    const asked = { guid: sessionInfo.guid, merchantUid: order.merchantUid };
    const [issued] = await Promise.all([call(getVbankIssuedInfo, asked), call(getVbankIssuedInfo, asked)]);
    const info = issued.body.vbankIssuedInfo;
    expect((await call(requestSendCoolsms, asked)).body).toEqual({ sent: false });
    // The account's notice goes with whichever look saw it issued first: the provider's notification may
    // still be sending it when the order page's reads answered.
    await until(
      async () => ((await smsOutbox()).some((sms) => sms.to === phone.domestic) ? true : undefined),
      'the account’s 알림톡',
    );
    const texts = (await smsOutbox()).filter((sms) => sms.to === phone.domestic);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ type: 'ATA', templateId: 'KA01TP-SANDBOX-VBANK-ISSUED' });
    expect(texts[0]?.text).toContain(`■ 계좌번호: ${info.vbankNum}`);
    expect(texts[0]?.text).toContain('■ 입금 금액: ₩238,800');
    expect(texts[0]?.text).toMatch(/■ 입금 기한: \d{4}년 \d{1,2}월 \d{1,2}일 23:59 \(한국 시간\)/);
  });

  it('a refund: once however many clicks', async () => {
    const buyer = await subscriber('MR_STANDARD_V3');
    const { guid } = (await call(createUserRefund, {}, { token: buyer.token })).body;
    const request = { guid, price: 19900, reason: 'Not for me', refundSource: 'portone', agreed: true };
    await Promise.all([1, 2, 3].map(() => call(cancelPaymentUser, request)));
    const [plan] = await listUserPlans(buyer.uid);
    // The refund's event: the payment and the amount refunded before it.
    const event = `${plan?.planId}-0`;
    await until(async () => ((await textsOf(event)).length ? true : undefined), 'the refund 알림톡');
    const ofEvent = await textsOf(event);
    expect(ofEvent).toHaveLength(1);
    expect(ofEvent[0]?.text).toContain('■ 환불 금액: ₩19,900');
    expect(ofEvent[0]?.text).toContain('■ 환불 수단: 신용·체크카드');
  });

  it('falls back to SMS for a number not on KakaoTalk, and is recorded failed when nothing reaches it', {
    timeout: 90_000,
  }, async () => {
    const fallback = mobile();
    await markRecipient(fallback.domestic, { kakaoTalk: false });
    const first = await paidPass(await newCustomer(), fallback.e164);
    const [text] = await until(
      async () => {
        const texts = (await textsOf(first.merchantUid)).filter((sms) => sms.delivery);
        return texts.length ? texts : undefined;
      },
      'the fallback',
      REPORT_WITHIN_MS,
    );
    expect(text).toMatchObject({ delivery: 'sms', fallback: 'LMS' });
    expect((await textRecord('receipt', first.merchantUid, 'sms')).statusCode).toBe('4000');

    const lost = mobile();
    await markRecipient(lost.domestic, { reachable: false });
    const second = await paidPass(await newCustomer(), lost.e164);
    expect((await textRecord('receipt', second.merchantUid, 'failed')).statusCode).toBe('3104');
  });

  it('none for a customer who is not Korean: the mail alone', async () => {
    const uid = uniqueId('buyer');
    const email = `${uid}@example.com`;
    const now = Date.now();
    await createUser({
      uid,
      name: 'Ann Buyer',
      email,
      emailVerified: true,
      providers: ['password'],
      uiLanguage: 'en',
      clientType: 'landing',
      created: now,
      credentialsChangedAt: now,
    });
    const buyer = { uid, email, name: 'Ann Buyer', token: await signIdToken({ uid, email }) };
    const phone = mobile();
    const { merchantUid } = await paidPass(buyer, phone.e164);
    await until(async () => ((await mailsTo(email)).length ? true : undefined), 'the receipt mail');
    expect((await smsOutbox()).filter((sms) => sms.to === phone.domestic)).toEqual([]);
    expect(await textsOf(merchantUid)).toEqual([]);
  });
});

describe('a 알림톡 sent again', () => {
  it('is not sent again when its step runs again for the mail that failed', async () => {
    const buyer = await newCustomer();
    await refuseMailTo(buyer.email, true);
    const phone = mobile();
    const { guid, merchantUid } = await paidPass(buyer, phone.e164);
    await textRecord('receipt', merchantUid, 'kakao');
    await refuseMailTo(buyer.email, false);
    // The next confirmations send the mail that failed: the text that went is not sent again.
    await Promise.all([confirm(guid, merchantUid), confirm(guid, merchantUid)]);
    await until(
      async () =>
        (await mailsTo(buyer.email)).some((mail) => mail.text.includes(merchantUid)) ? true : undefined,
      'the receipt mail sent again',
    );
    expect(await textsOf(merchantUid)).toHaveLength(1);
  });

  it('is not sent twice when its sender died after SOLAPI took it: SOLAPI is asked first', async () => {
    const buyer = await newCustomer();
    const phone = mobile();
    const { guid, merchantUid } = await paidPass(buyer, phone.e164);
    const record = await textRecord('receipt', merchantUid, 'kakao');
    // As if the sender had died before recording SOLAPI's answer, sixteen minutes ago.
    await db()
      .entities.customerText.patch({ kind: 'receipt', eventId: merchantUid })
      .set({ status: 'sending', claimedAt: Date.now() - 16 * 60_000 })
      .remove(['messageId', 'statusCode', 'reportedAt'])
      .go();
    expect((await confirm(guid, merchantUid)).body.result).toBe('success');
    const recovered = await textRecord('receipt', merchantUid, 'accepted');
    expect(recovered.messageId).toBe(record.messageId);
    expect(await textsOf(merchantUid)).toHaveLength(1);
  });
});

describe('delivery reports', () => {
  it('are refused without our key, and record only what SOLAPI itself says, once', async () => {
    const phone = mobile();
    const { merchantUid } = await paidPass(await newCustomer(), phone.e164);
    const record = await textRecord('receipt', merchantUid, 'kakao');
    const messageId = record.messageId as string;

    const forged = await call(kakaoDeliveryReport, { key: 'guessed', messages: [{ messageId }] });
    expect(forged).toMatchObject({ status: 401, body: { error: { code: 'AUTHORIZATION' } } });

    // A replay of the report SOLAPI sent: nothing new.
    const replay = await send(new URL(`/payment/kakao-delivery-report/${REPORT_KEY}`, inject('apiUrl')), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ messageId, statusCode: '3104', replacement: true }]),
    });
    expect(replay).toMatchObject({ status: 200, body: { recorded: 0, ignored: 1 } });
    // A message SOLAPI does not know records nothing; the claim of the body is never what is recorded.
    const unknown = await call(kakaoDeliveryReport, {
      key: REPORT_KEY,
      messages: [{ messageId: 'M4VFORGED0000000000', statusCode: '4000' }],
    });
    expect(unknown.body).toEqual({ recorded: 0, ignored: 1 });
    const after = await textRecord('receipt', merchantUid, 'kakao');
    expect(after).toMatchObject({ messageId, statusCode: '4000', reportedAt: record.reportedAt });
  });
});

describe('a delivery report that comes before SOLAPI’s answer is recorded', () => {
  it('records the delivery on the notice its message names, and the sender’s late mark changes nothing', async () => {
    const phone = mobile();
    const { merchantUid } = await paidPass(await newCustomer(), phone.e164);
    const { messageId } = await textRecord('receipt', merchantUid, 'kakao');
    // As if the report had come while the sender still waited on SOLAPI's answer.
    await db()
      .entities.customerText.patch({ kind: 'receipt', eventId: merchantUid })
      .set({ status: 'sending' })
      .remove(['messageId', 'statusCode', 'reportedAt'])
      .go();
    const report = await send(new URL(`/payment/kakao-delivery-report/${REPORT_KEY}`, inject('apiUrl')), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ messageId }]),
    });
    expect(report).toMatchObject({ status: 200, body: { recorded: 1, ignored: 0 } });
    await markCustomerText('receipt', merchantUid, {
      status: 'accepted',
      messageId: messageId as string,
      statusCode: '2000',
      at: Date.now(),
    });
    expect(await textRecord('receipt', merchantUid, 'kakao')).toMatchObject({
      messageId,
      statusCode: '4000',
    });
  });
});

describe('a delivery report racing the sender’s record of SOLAPI’s answer', () => {
  it('is recorded whichever of the two lands first (forty notices, each raced once)', async () => {
    const now = Date.now();
    const notices = Array.from({ length: 40 }, () => ({
      eventId: uniqueId('ord'),
      messageId: uniqueId('M4V'),
    }));
    for (const { eventId } of notices) {
      const claim = await claimCustomerText({
        kind: 'receipt',
        eventId,
        uid: uniqueId('buyer'),
        to: mobile().domestic,
        templateId: 'KA01TP-SANDBOX-RECEIPT',
        now,
      });
      expect(claim).toEqual({ claimed: true });
    }
    const outcomes = await Promise.all(
      notices.map(async ({ eventId, messageId }) => {
        const [reported] = await Promise.all([
          recordTextDelivery('receipt', eventId, { messageId, status: 'kakao', statusCode: '4000', at: now }),
          markCustomerText('receipt', eventId, {
            status: 'accepted',
            messageId,
            statusCode: '2000',
            at: now,
          }),
        ]);
        return reported;
      }),
    );
    expect(outcomes.every((outcome) => outcome === 'recorded')).toBe(true);
    for (const { eventId, messageId } of notices) {
      expect(await getCustomerText('receipt', eventId)).toMatchObject({
        status: 'kakao',
        messageId,
        statusCode: '4000',
      });
    }
  });
});

describe("the console's user detail", () => {
  it('lists the texts with how each was delivered, the number masked', async () => {
    const buyer = await newCustomer();
    const phone = mobile();
    await markRecipient(phone.domestic, { kakaoTalk: false });
    const { merchantUid } = await paidPass(buyer, phone.e164);
    await textRecord('receipt', merchantUid, 'sms');
    const info = await call(adminUserInfo, { uid: buyer.uid }, { token: await operatorToken() });
    expect(info.body.kakaoNotices).toEqual([
      expect.objectContaining({
        kind: 'receipt',
        eventId: merchantUid,
        status: 'sms',
        to: `010-****-${phone.domestic.slice(-4)}`,
      }),
    ]);
    expect((await call(adminUserInfo, { uid: buyer.uid }, { token: await customerToken() })).status).toBe(
      401,
    );
  });
});
