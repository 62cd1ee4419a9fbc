import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cancelPayment,
  PaymentProviderError,
} from '../../../functions/core/adapters/payment-provider/portone.ts';
import {
  getReceipt,
  issueReceipt,
  revokeReceipt,
} from '../../../functions/core/adapters/payment-provider/portone-receipts.ts';
import type { RequestPayParams } from '../../../shared/payments/checkout-contract.ts';
import { newMerchantUid } from '../../../shared/payments/merchant-uid.ts';
import { checkoutInBrowser, type Harness, startHarness } from './sandbox-harness.ts';

/**
 * The receipt adapter against the sandbox's cash receipt API (PortOne v1 `/receipts/{imp_uid}`): what
 * it issues (the payment's balance), and what it refuses as PortOne documents it refuses.
 */
let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.stop();
});

const BUYER = { name: '김하늘', email: 'sky@example.com', tel: '01012345678' };
const PHONE = { identifier: '01098765432', identifierType: 'phone', type: 'person', buyer: BUYER } as const;

async function pay(payMethod: 'vbank' | 'card'): Promise<string> {
  const params: RequestPayParams = {
    pg: 'html5_inicis',
    pay_method: payMethod,
    merchant_uid: newMerchantUid('order'),
    name: 'LIGHT one year',
    amount: 118800,
    currency: 'KRW',
    buyer_name: BUYER.name,
    buyer_email: BUYER.email,
    buyer_tel: BUYER.tel,
    m_redirect_url: 'http://localhost:3000/ko/payment/result/pending?guid=g1',
  };
  const { returned } = await checkoutInBrowser(
    harness.pagesUrl,
    params,
    payMethod === 'vbank' ? { choice: 'vbank' } : { choice: '4242424242424242' },
  );
  return returned.searchParams.get('imp_uid') as string;
}

async function deposited(): Promise<string> {
  const impUid = await pay('vbank');
  const answer = await fetch(`${harness.pagesUrl}/_local/payments/deposit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ imp_uid: impUid }),
  });
  expect(answer.status).toBe(200);
  return impUid;
}

/** The provider's refusal of a call: its HTTP status. */
async function refusal(call: Promise<unknown>): Promise<number | undefined> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return (error as PaymentProviderError).httpStatus;
}

describe('cash receipts at the provider', () => {
  it('are refused for a payment not paid, not cash, unknown, and for an identifier missing or malformed', async () => {
    const waiting = await pay('vbank');
    expect(await refusal(issueReceipt({ ...PHONE, impUid: waiting }))).toBe(400);
    const card = await pay('card');
    expect(await refusal(issueReceipt({ ...PHONE, impUid: card }))).toBe(400);
    expect(await refusal(issueReceipt({ ...PHONE, impUid: 'imp_000000000001' }))).toBe(404);
    const paid = await deposited();
    expect(await refusal(issueReceipt({ ...PHONE, impUid: paid, identifier: '' }))).toBe(400);
    expect(await refusal(issueReceipt({ ...PHONE, impUid: paid, identifier: '010-98' }))).toBe(500);
    expect(await getReceipt(paid)).toBeNull();
    expect(await refusal(revokeReceipt(paid))).toBe(400);
  });

  it('are issued once for the amount paid, cancelled once, and issued again for what a partial cancel left', async () => {
    const impUid = await deposited();
    const issued = await issueReceipt({ ...PHONE, impUid });
    expect(issued).toMatchObject({ impUid, amount: 118800, cancelledAt: undefined });
    expect(issued.approvalNumber).toMatch(/^\d{9}$/);
    expect(await refusal(issueReceipt({ ...PHONE, impUid }))).toBe(400);
    expect(await getReceipt(impUid)).toEqual(issued);

    await cancelPayment({
      impUid,
      amount: 18800,
      checksum: 118800,
      reason: 'part',
      refundAccount: { holder: '김하늘', bank: '04', account: '12345678901234' },
    });
    expect((await revokeReceipt(impUid))?.cancelledAt).toBeGreaterThan(0);
    expect(await refusal(revokeReceipt(impUid))).toBe(400);
    expect((await issueReceipt({ ...PHONE, impUid })).amount).toBe(100000);
  });

  it('are refused once by the PG for a card number ending in 0500, then issued', async () => {
    const impUid = await deposited();
    const card = { ...PHONE, identifier: '1234567890120500', identifierType: 'taxcard' } as const;
    expect(await refusal(issueReceipt({ ...card, impUid }))).toBe(500);
    expect((await issueReceipt({ ...card, impUid })).amount).toBe(118800);
  });
});
