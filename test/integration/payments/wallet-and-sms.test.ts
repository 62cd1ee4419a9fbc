import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approveRecurrentRegistration,
  cancelWalletPayment,
  chargeRecurrent,
  expireRecurrent,
  reserveRecurrentRegistration,
} from '../../../functions/core/adapters/payment-provider/naver-pay.ts';
import { coolsmsAuthorization, SmsError, sendSms } from '../../../functions/core/adapters/sms.ts';
import { nowMs } from '../../../functions/core/clock.ts';
import { WALLET_SUCCESS_CODE, WalletReturnSchema } from '../../../shared/payments/checkout-contract.ts';
import { newMerchantUid } from '../../../shared/payments/merchant-uid.ts';
import { type Harness, startHarness } from './sandbox-harness.ts';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.stop();
});

const RETURN_URL = 'http://localhost:3000/ko/payment/result/pending?guid=g2';

/** Reserves a registration and completes it on the wallet page as a browser would. */
async function register(card: string | 'cancel') {
  const { reserveId } = await reserveRecurrentRegistration({
    productCode: 'MR_STANDARD_V3',
    productName: 'STANDARD monthly',
    totalPayAmount: 19900,
    returnUrl: RETURN_URL,
  });
  const pageUrl = (process.env.NAVER_PAY_PAGE_URL ?? '').replace(
    '{reserveId}',
    encodeURIComponent(reserveId),
  );
  const page = await fetch(pageUrl);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('STANDARD monthly');
  const submitted = await fetch(`${harness.pagesUrl}/_local/payments/naver-pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(
      card === 'cancel' ? { reserveId, action: 'cancel' } : { reserveId, card, action: 'register' },
    ),
    redirect: 'manual',
  });
  expect(submitted.status).toBe(303);
  const back = new URL(submitted.headers.get('location') ?? '');
  expect(back.searchParams.get('guid')).toBe('g2');
  return { reserveId, back: WalletReturnSchema.parse(Object.fromEntries(back.searchParams)) };
}

const charge = (recurrentId: string, merchantPayId = newMerchantUid('order')) =>
  chargeRecurrent({
    recurrentId,
    amount: 19900,
    productName: 'STANDARD monthly',
    merchantPayId,
    merchantUserId: 'customer-1',
  });

describe('the wallet (Naver Pay recurring)', () => {
  it('enrolls: reserve, register on the page, return with resultCode, reserveId and tempReceiptId, approve', async () => {
    const { reserveId, back } = await register('4242424242424242');
    expect(back).toMatchObject({ resultCode: WALLET_SUCCESS_CODE, reserveId });
    expect(back.tempReceiptId).toBeTruthy();
    const { recurrentId } = await approveRecurrentRegistration({
      reserveId,
      tempReceiptId: back.tempReceiptId as string,
    });
    expect(recurrentId).toBeTruthy();
    // Approving again (a retried confirmation) answers the same registration.
    expect(
      await approveRecurrentRegistration({ reserveId, tempReceiptId: back.tempReceiptId as string }),
    ).toEqual({
      recurrentId,
    });

    const first = await charge(recurrentId);
    expect(first).toMatchObject({ status: 'paid', amount: 19900 });
    expect(first.status === 'paid' && first.paidAt).toBeInstanceOf(Date);
  });

  it('charges once however often a charge is retried with the same merchant uid', async () => {
    const { reserveId, back } = await register('4242424242424242');
    const { recurrentId } = await approveRecurrentRegistration({
      reserveId,
      tempReceiptId: back.tempReceiptId as string,
    });
    const merchantUid = newMerchantUid('renewal');
    const once = await charge(recurrentId, merchantUid);
    const again = await charge(recurrentId, merchantUid);
    expect(again).toEqual(once);
    const state = (await (await fetch(`${harness.pagesUrl}/_local/payments.json`)).json()) as {
      recurrents: Array<{ recurrentId: string; charges: number }>;
    };
    expect(state.recurrents.find((r) => r.recurrentId === recurrentId)?.charges).toBe(1);
  });

  it('reports a renewal the card company declines as a failed charge, with its code', async () => {
    const { reserveId, back } = await register('4000000000000259');
    const { recurrentId } = await approveRecurrentRegistration({
      reserveId,
      tempReceiptId: back.tempReceiptId as string,
    });
    expect((await charge(recurrentId)).status).toBe('paid');
    const renewal = await charge(recurrentId);
    expect(renewal).toMatchObject({ status: 'failed', failure: { code: 'CC66', message: '한도초과' } });
  });

  it('returns a cancelled registration with a failure code, and refuses to approve what was not registered', async () => {
    const { reserveId, back } = await register('cancel');
    expect(back).toMatchObject({ resultCode: 'Fail', resultMessage: 'userCancel', reserveId });
    await expect(
      approveRecurrentRegistration({ reserveId, tempReceiptId: 'tmp_forged' }),
    ).rejects.toMatchObject({
      code: 'NAVER_PAY_API_ERROR',
      walletCode: 'InvalidTempReceiptId',
    });
  });

  it('reads expectedRestAmount as what remains after the cancel, and refuses any other figure (RestAmountDiff)', async () => {
    const { reserveId, back } = await register('4242424242424242');
    const { recurrentId } = await approveRecurrentRegistration({
      reserveId,
      tempReceiptId: back.tempReceiptId as string,
    });
    const paid = await charge(recurrentId);
    const cancelOnTheWire = async (cancelAmount: number, expectedRestAmount: number) =>
      (await (
        await fetch(`${process.env.NAVER_PAY_API_URL}/naverpay/payments/v1/cancel`, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'x-naver-client-id': process.env.NAVER_PAY_CLIENT_ID ?? '',
            'x-naver-client-secret': process.env.NAVER_PAY_CLIENT_SECRET ?? '',
            'x-naverpay-chain-id': process.env.NAVER_PAY_CHAIN_ID ?? '',
          },
          body: new URLSearchParams({
            paymentId: paid.paymentId,
            cancelAmount: String(cancelAmount),
            cancelReason: 'wire',
            cancelRequester: '2',
            taxScopeAmount: String(cancelAmount),
            taxExScopeAmount: '0',
            doCompareRest: '1',
            expectedRestAmount: String(expectedRestAmount),
          }),
        })
      ).json()) as { code: string; body?: { totalRestAmount: number } };
    // 19900 paid, 200 cancelled: 19700 remains; the amount before the cancel is a wrong claim.
    expect((await cancelOnTheWire(200, 19900)).code).toBe('RestAmountDiff');
    expect(await cancelOnTheWire(200, 19700)).toMatchObject({
      code: WALLET_SUCCESS_CODE,
      body: { totalRestAmount: 19700 },
    });
    // The rest, fully: 0 remains.
    expect((await cancelOnTheWire(19700, 19700)).code).toBe('RestAmountDiff');
    expect(await cancelOnTheWire(19700, 0)).toMatchObject({ body: { totalRestAmount: 0 } });
  });

  it('refunds partly and fully from what is cancellable, refuses a stale figure, and ends the registration', async () => {
    const { reserveId, back } = await register('4242424242424242');
    const { recurrentId } = await approveRecurrentRegistration({
      reserveId,
      tempReceiptId: back.tempReceiptId as string,
    });
    const paid = await charge(recurrentId);
    const refund = await cancelWalletPayment({
      paymentId: paid.paymentId,
      amount: 9900,
      reason: 'partial refund',
      cancellable: 19900,
    });
    expect(refund).toEqual({ status: 'refunded', paymentId: paid.paymentId, restAmount: 10000 });
    // The same refund retried answers the same; a refund computed from the stale figure is refused.
    expect(
      await cancelWalletPayment({
        paymentId: paid.paymentId,
        amount: 9900,
        reason: 'partial refund',
        cancellable: 19900,
      }),
    ).toEqual(refund);
    await expect(
      cancelWalletPayment({ paymentId: paid.paymentId, amount: 5000, reason: 'crossed', cancellable: 19900 }),
    ).rejects.toMatchObject({ walletCode: 'RestAmountDiff' });
    await expect(
      cancelWalletPayment({
        paymentId: paid.paymentId,
        amount: 10001,
        reason: 'too much',
        cancellable: 10000,
      }),
    ).rejects.toMatchObject({ walletCode: 'OverRemainAmount' });
    expect(
      await cancelWalletPayment({
        paymentId: paid.paymentId,
        amount: 10000,
        reason: 'rest',
        cancellable: 10000,
      }),
    ).toMatchObject({ restAmount: 0 });
    // Nothing is left to cancel: the wallet answers AlreadyCanceled, which is a refund done.
    expect(
      await cancelWalletPayment({
        paymentId: paid.paymentId,
        amount: 10000,
        reason: 'again',
        cancellable: 10000,
        attempt: 1,
      }),
    ).toEqual({ status: 'refunded', paymentId: paid.paymentId, restAmount: 0 });

    await expireRecurrent({ recurrentId, reason: 'unsubscribed' });
    await expect(charge(recurrentId)).rejects.toMatchObject({ walletCode: 'RecurrentExpired' });
  });

  it('refuses calls without the partner credentials', async () => {
    const saved = process.env.NAVER_PAY_CLIENT_SECRET;
    process.env.NAVER_PAY_CLIENT_SECRET = 'wrong';
    try {
      await expect(
        reserveRecurrentRegistration({
          productCode: 'x',
          productName: 'x',
          totalPayAmount: 1,
          returnUrl: RETURN_URL,
        }),
      ).rejects.toMatchObject({ walletCode: 'AuthFailure' });
    } finally {
      process.env.NAVER_PAY_CLIENT_SECRET = saved;
    }
  });
});

describe('SMS (CoolSMS)', () => {
  it('sends through the signed API into the outbox, from the registered sender', async () => {
    const text =
      '[Cutloom] KB국민은행 12345678901234 (예금주 Cutloom) 19,900원 2099-12-31 23:59까지 입금해 주세요.';
    const { messageId } = await sendSms({ to: '010-1234-5678', text });
    const outbox = (await (await fetch(`${harness.pagesUrl}/_local/sms.json`)).json()) as Array<
      Record<string, string>
    >;
    expect(outbox[0]).toMatchObject({ messageId, to: '01012345678', from: '0212345678', text, type: 'LMS' });
  });

  it('is refused with a wrong secret or an unregistered sender', async () => {
    // SOLAPI answers HTTP 200 for a message it refuses: only its statusCode says it was not taken.
    await expect(sendSms({ to: '01055550199', text: 'hi', from: '0299999999' })).rejects.toMatchObject({
      smsCode: '1062',
      message: '발신번호 미등록',
    });
    const outbox = (await (await fetch(`${harness.pagesUrl}/_local/sms.json`)).json()) as Array<{
      to: string;
    }>;
    expect(outbox.map((message) => message.to)).not.toContain('01055550199');
  });

  it('is refused as SOLAPI refuses a bad Authorization header: 403 with its code, a catalogue-coded failure', async () => {
    for (const [variable, smsCode] of [
      ['COOLSMS_API_SECRET', 'SignatureDoesNotMatch'],
      ['COOLSMS_API_KEY', 'InvalidAPIKey'],
    ] as const) {
      const saved = process.env[variable];
      process.env[variable] = 'wrong';
      try {
        const refused = sendSms({ to: '01012345678', text: 'hi' });
        await expect(refused).rejects.toBeInstanceOf(SmsError);
        await expect(refused).rejects.toMatchObject({ code: 'SMS_FAILED', status: 502, smsCode });
      } finally {
        process.env[variable] = saved;
      }
    }
    // On the wire: a date 16 minutes off, and the same signature twice within 15 minutes.
    const send = (authorization: string) =>
      fetch(`${process.env.COOLSMS_API_URL}/messages/v4/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization },
        body: JSON.stringify({ message: { to: '01012345678', from: '0212345678', text: 'hi' } }),
      });
    const key = process.env.COOLSMS_API_KEY as string;
    const secret = process.env.COOLSMS_API_SECRET as string;
    const skewed = await send(coolsmsAuthorization(key, secret, new Date(nowMs() - 16 * 60_000)));
    expect(skewed.status).toBe(403);
    expect(await skewed.json()).toMatchObject({ errorCode: 'RequestTimeTooSkewed' });
    const header = coolsmsAuthorization(key, secret, new Date(nowMs()));
    expect((await send(header)).status).toBe(200);
    const replayed = await send(header);
    expect(replayed.status).toBe(403);
    expect(await replayed.json()).toMatchObject({ errorCode: 'DuplicatedSignature' });
  });
});
