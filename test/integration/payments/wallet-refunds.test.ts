import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approveRecurrentRegistration,
  cancelWalletPayment,
  chargeRecurrent,
  reserveRecurrentRegistration,
  walletRestAmount,
} from '../../../functions/core/adapters/payment-provider/naver-pay.ts';
import { getAttentionCase } from '../../../functions/core/data/attention-repository.ts';
import { refundThroughWallet } from '../../../functions/core/refunds/wallet-refunds.ts';
import { attentionCaseId } from '../../../shared/attention/attention-cases.ts';
import { newMerchantUid } from '../../../shared/payments/merchant-uid.ts';
import { uniqueId } from '../helpers.ts';
import { type Harness, startHarness } from './sandbox-harness.ts';

/**
 * A wallet refund Naver Pay does not complete at once (public clients' enums of its cancel answers:
 * CancelNotComplete, PreCancelNotComplete, AlreadyCanceled): the wallet sandbox answers so, the adapter
 * reads a pending refund as pending and one with nothing left as done, and the product records the
 * pending one as an attention case and asks the wallet again on its schedule until the refund shows in
 * the payment's history. The scheduler stand-in runs the re-checks here when the clock passes them.
 */
let harness: Harness;
beforeAll(async () => {
  harness = await startHarness({ scheduler: true });
});
afterAll(async () => {
  await harness?.stop();
});

/** A wallet payment of 10,000 won on a registration made with a good card. */
async function walletPayment(): Promise<string> {
  const { reserveId } = await reserveRecurrentRegistration({
    productCode: 'MR_LIGHT_V3',
    productName: 'LIGHT monthly',
    totalPayAmount: 10000,
    returnUrl: 'http://localhost:3000/ko/payment/result/pending?guid=g3',
  });
  const registered = await fetch(`${harness.pagesUrl}/_local/payments/naver-pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ reserveId, card: '4242424242424242', action: 'register' }),
    redirect: 'manual',
  });
  const tempReceiptId = new URL(registered.headers.get('location') ?? '').searchParams.get('tempReceiptId');
  const { recurrentId } = await approveRecurrentRegistration({
    reserveId,
    tempReceiptId: tempReceiptId ?? '',
  });
  const paid = await chargeRecurrent({
    recurrentId,
    amount: 10000,
    productName: 'LIGHT monthly',
    merchantPayId: newMerchantUid('order'),
    merchantUserId: 'customer-3',
  });
  if (paid.status !== 'paid') throw new Error('not paid');
  return paid.paymentId;
}

const deferNextCancel = async (paymentId: string) =>
  expect(
    (
      await fetch(`${harness.pagesUrl}/_local/payments/naver-pay/cancels/defer-next`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ paymentId }),
      })
    ).status,
  ).toBe(200);

/** The case, once the re-checks the clock ran (each handed to its target, as Scheduler does) let go of it. */
async function caseAfterRechecks(caseId: string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const open = await getAttentionCase(caseId);
    if (!open) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return getAttentionCase(caseId);
}

const about = (merchantUid: string) => ({ uid: uniqueId('wallet'), merchantUid, currency: 'KRW' });

describe('a wallet cancel', () => {
  it('that completes later is pending, shows in the history once done; one asked meanwhile waits for it', async () => {
    const paymentId = await walletPayment();
    await deferNextCancel(paymentId);
    const first = { paymentId, amount: 3000, reason: 'partial', cancellable: 10000 };
    expect(await cancelWalletPayment(first)).toEqual({
      status: 'pending',
      paymentId,
      code: 'CancelNotComplete',
    });
    expect(await walletRestAmount(paymentId)).toBe(10000);
    expect(await cancelWalletPayment({ paymentId, amount: 2000, reason: 'more', cancellable: 7000 })).toEqual(
      {
        status: 'pending',
        paymentId,
        code: 'PreCancelNotComplete',
      },
    );
    harness.advanceClock(5 * 60 + 1);
    expect(await walletRestAmount(paymentId)).toBe(7000);
  });
});

describe('a wallet refund Naver Pay completes later', () => {
  it('is recorded as a pending case, asked about again until it shows, and the case ends by itself', async () => {
    const paymentId = await walletPayment();
    const merchantUid = newMerchantUid('order');
    await deferNextCancel(paymentId);
    const outcome = await refundThroughWallet({
      paymentId,
      amount: 10000,
      reason: 'refund',
      cancellable: 10000,
      about: about(merchantUid),
    });
    expect(outcome).toBe('pending');
    const caseId = attentionCaseId('refund_pending', `${paymentId}/0`);
    expect(await getAttentionCase(caseId)).toMatchObject({
      kind: 'refund_pending',
      merchantUid,
      amount: 10000,
      refundSources: [],
    });
    // Four minutes on: not done yet at the wallet, and not asked about yet.
    await harness.runClock(4 * 60);
    expect(await walletRestAmount(paymentId)).toBe(10000);
    expect(await getAttentionCase(caseId)).toBeDefined();
    // Past the wallet's completion (5 minutes) and the first re-check (10): the case is gone.
    await harness.runClock(7 * 60);
    expect(await caseAfterRechecks(caseId)).toBeUndefined();
    expect(await walletRestAmount(paymentId)).toBe(0);
  });

  it('behind another cancel still under way, is asked for again by its re-check and then done', async () => {
    const paymentId = await walletPayment();
    await deferNextCancel(paymentId);
    const earlier = await refundThroughWallet({
      paymentId,
      amount: 3000,
      reason: 'earlier',
      cancellable: 10000,
      about: about(newMerchantUid('order')),
    });
    const later = await refundThroughWallet({
      paymentId,
      amount: 7000,
      reason: 'later',
      cancellable: 7000,
      about: about(newMerchantUid('order')),
    });
    expect([earlier, later]).toEqual(['pending', 'pending']);
    expect(await getAttentionCase(attentionCaseId('refund_pending', `${paymentId}/0`))).toMatchObject({
      reason: expect.stringContaining('PreCancelNotComplete'),
    });
    await harness.runClock(11 * 60);
    expect(await caseAfterRechecks(attentionCaseId('refund_pending', `${paymentId}/7000`))).toBeUndefined();
    expect(await caseAfterRechecks(attentionCaseId('refund_pending', `${paymentId}/0`))).toBeUndefined();
    expect(await walletRestAmount(paymentId)).toBe(0);
  });

  it('with nothing left to cancel (AlreadyCanceled) is done, and raises nothing', async () => {
    const paymentId = await walletPayment();
    const full = {
      paymentId,
      amount: 10000,
      reason: 'full',
      cancellable: 10000,
      about: about(newMerchantUid('order')),
    };
    expect(await refundThroughWallet(full)).toBe('refunded');
    // Another refund asked afterwards (its own figures, so not a replay of the first).
    expect(await refundThroughWallet({ ...full, amount: 5000, cancellable: 5000 })).toBe('refunded');
    expect(await getAttentionCase(attentionCaseId('refund_pending', `${paymentId}/0`))).toBeUndefined();
  });
});
