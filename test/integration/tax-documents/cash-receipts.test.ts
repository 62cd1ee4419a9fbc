import { describe, expect, it } from 'vitest';
import { getCashReceipt } from '../../../functions/core/data/cash-receipt-repository.ts';
import { getOrder } from '../../../functions/core/data/order-reads.ts';
import { listUserActivities } from '../../../functions/core/data/user-activity-repository.ts';
import { adminAttentionList, adminAttentionResolve } from '../../../shared/api/attention.ts';
import { userPaymentHistory } from '../../../shared/api/billing.ts';
import { insertPaymentProgress } from '../../../shared/api/orders.ts';
import { adminCancelPayment } from '../../../shared/api/refunds.ts';
import { adminUserInfo } from '../../../shared/api/users.ts';
import { adminToken, call } from '../helpers.ts';
import { mailsTo } from '../identity/accounts.ts';
import {
  type Customer,
  checkout,
  confirm,
  deposit,
  newCustomer,
  openSession,
  placeOrder,
  progressInput,
  sandboxState,
  until,
} from '../orders/order-helpers.ts';

/**
 * Cash receipts (현금영수증) over the routes, the runtime and the payment sandbox's receipt API: the order
 * page's choice checked on the server, the receipt issued once when the deposit arrives however many
 * confirmations run, shown on the billing page, the console's payment row and the receipt mail, a
 * failure listed and retried, and a refund that cancels it.
 */
const PHONE = { purpose: 'income_deduction', identifierType: 'phone', identifier: '010-9876-5432' } as const;

/** A won pass ordered by virtual account with a cash receipt choice, its account issued, not yet paid in. */
async function vbankOrder(buyer: Customer, planName: string, cashReceipt: Record<string, unknown>) {
  const { sessionInfo } = await openSession(buyer, { planName });
  const order = await placeOrder(sessionInfo, 'vbank', { cashReceipt });
  const back = await checkout(sessionInfo, order, 'vbank', 'vbank');
  return { guid: sessionInfo.guid, merchantUid: order.merchantUid, impUid: back.imp_uid as string };
}

const settled = (merchantUid: string) =>
  until(async () => {
    const receipt = await getCashReceipt(merchantUid);
    return receipt && receipt.state !== 'issuing' ? receipt : undefined;
  }, `the cash receipt of ${merchantUid}`);

/** How often the provider was asked to issue a receipt for a payment (the sandbox counts them). */
async function issueRequests(impUid: string): Promise<number> {
  const state = (await sandboxState()) as unknown as {
    receipts: Array<{ imp_uid: string; requests: number }>;
  };
  return state.receipts.find((receipt) => receipt.imp_uid === impUid)?.requests ?? 0;
}

async function sandboxPayment(impUid: string) {
  return (await sandboxState()).payments.find((payment) => payment.imp_uid === impUid) as unknown as {
    cash_receipt_issued: boolean;
  };
}

describe('the cash receipt choice of an order', () => {
  it('is required for a won virtual account, its identifier checked; refused for a card; nothing is written', async () => {
    const buyer = await newCustomer();
    const { sessionInfo } = await openSession(buyer, { planName: 'Y1_LIGHT_V3' });
    const refusal = async (payMethod: 'vbank' | 'card', cashReceipt?: Record<string, unknown>) => {
      const input = progressInput(sessionInfo, payMethod, cashReceipt ? { cashReceipt } : {});
      if (!cashReceipt) delete input.cashReceipt;
      const answer = await call(insertPaymentProgress, input);
      expect(answer.status).toBe(400);
      return answer.body.error;
    };
    expect(await refusal('vbank')).toMatchObject({
      code: 'INVALID_ARGUMENT',
      msg: 'cash-receipt:problem.choice_missing',
    });
    expect((await refusal('vbank', { ...PHONE, identifier: '02-123-4567' })).msg).toBe(
      'cash-receipt:problem.phone_invalid',
    );
    expect(
      (
        await refusal('vbank', {
          purpose: 'expense_proof',
          identifierType: 'business',
          identifier: '116-82-00278',
        })
      ).msg,
    ).toBe('cash-receipt:problem.business_number_invalid');
    expect((await refusal('card', PHONE)).msg).toBe('cash-receipt:problem.not_cash');
    expect((await openSession(buyer, { planName: 'Y1_LIGHT_V3' })).guid).toBeTruthy();
  });
});

describe('a cash receipt for income deduction', () => {
  it('is issued once when the deposit arrives, however many confirmations run, and shown everywhere', async () => {
    const buyer = await newCustomer();
    const { guid, merchantUid, impUid } = await vbankOrder(buyer, 'Y1_LIGHT_V3', PHONE);
    expect((await getOrder(merchantUid))?.cashReceipt).toEqual({ ...PHONE, identifier: '01098765432' });
    expect(await getCashReceipt(merchantUid)).toBeUndefined();

    expect((await deposit(impUid)).status).toBe(200);
    // The deposit's notification, the result page and re-checks confirm at once.
    await Promise.all(Array.from({ length: 6 }, () => confirm(guid, merchantUid)));
    const receipt = await settled(merchantUid);
    expect(receipt).toMatchObject({
      state: 'issued',
      purpose: 'income_deduction',
      identifierType: 'phone',
      identifier: '01098765432',
      type: 'person',
      selfIssued: false,
      amount: 118800,
      attempts: 1,
    });
    expect(receipt.approvalNumber).toMatch(/^\d{9}$/);
    expect((await sandboxPayment(impUid)).cash_receipt_issued).toBe(true);
    // Confirmations of the paid order that come later (notifications resent, re-checks) issue nothing more.
    await Promise.all([1, 2, 3].map(() => confirm(guid, merchantUid)));
    expect(await issueRequests(impUid)).toBe(1);
    expect((await getCashReceipt(merchantUid))?.approvalNumber).toBe(receipt.approvalNumber);

    const [mail, ...more] = (await until(async () => {
      const about = (await mailsTo(buyer.email)).filter((sent) => sent.text.includes(merchantUid));
      return about.length ? about : undefined;
    }, 'the receipt mail')) as Awaited<ReturnType<typeof mailsTo>>;
    expect(more).toEqual([]);
    expect(mail?.text).toContain(
      `현금영수증: 발급 완료 · 승인번호 ${receipt.approvalNumber} · ₩118,800 · 소득공제용 *******5432`,
    );

    const history = await call(userPaymentHistory, {}, { token: buyer.token });
    expect(history.body.result[0]).toMatchObject({
      merchantUid,
      cashReceipt: { state: 'issued', approvalNumber: receipt.approvalNumber, identifier: '*******5432' },
    });
    const detail = await call(adminUserInfo, { uid: buyer.uid }, { token: await adminToken() });
    expect(detail.body.payments[0]).toMatchObject({
      merchantUid,
      cashReceipt: { state: 'issued', approvalNumber: receipt.approvalNumber },
    });
  });

  it('is cancelled by a full refund through the provider to the account the customer gives', async () => {
    const buyer = await newCustomer();
    const { guid, merchantUid, impUid } = await vbankOrder(buyer, 'Y1_LIGHT_V3', PHONE);
    await deposit(impUid);
    await confirm(guid, merchantUid);
    expect((await settled(merchantUid)).state).toBe('issued');

    const refund = await call(
      adminCancelPayment,
      {
        uid: buyer.uid,
        price: 118800,
        reason: 'Asked by the customer',
        refundSource: 'portone',
        refundAccount: ACCOUNT,
      },
      { token: await adminToken() },
    );
    expect(refund.status).toBe(200);
    expect(await getCashReceipt(merchantUid)).toMatchObject({ state: 'cancelled' });
    expect(await sandboxPayment(impUid)).toMatchObject({ cash_receipt_issued: false, cancel_amount: 118800 });
  });

  it('refunded in part by bank transfer, is issued again for what was kept once the transfer is paid', async () => {
    const buyer = await newCustomer();
    const { guid, merchantUid, impUid } = await vbankOrder(buyer, 'Y1_LIGHT_V3', PHONE);
    await deposit(impUid);
    await confirm(guid, merchantUid);
    await settled(merchantUid);
    const token = await adminToken();
    const refund = await call(
      adminCancelPayment,
      { uid: buyer.uid, price: 18800, reason: 'Part of it', refundSource: 'cutloom', refundAccount: ACCOUNT },
      { token },
    );
    expect(refund.status).toBe(200);
    // Owed, not paid: the receipt still says what was paid.
    expect(await getCashReceipt(merchantUid)).toMatchObject({ state: 'issued', amount: 118800 });
    const owed = await listedCase(merchantUid, 'refund_transfer');
    const paid = await call(
      adminAttentionResolve,
      { caseId: owed.caseId, action: 'transfer-paid', transferReference: 'SH-0001', reason: '' },
      { token },
    );
    expect(paid.body.result).toBe('ended');
    // The provider never saw the transfer (it would issue for the whole deposit): the rest is issued as a
    // sale outside PortOne, for the 100,000 won kept.
    expect(await getCashReceipt(merchantUid)).toMatchObject({
      state: 'issued',
      amount: 100000,
      external: true,
    });
    const state = (await sandboxState()) as unknown as {
      externalReceipts: Array<{ merchant_uid: string; amount: number; cancelled_at: number }>;
    };
    expect(state.externalReceipts.filter((receipt) => receipt.merchant_uid === merchantUid)).toMatchObject([
      { amount: 100000, cancelled_at: 0 },
    ]);
    expect(await sandboxPayment(impUid)).toMatchObject({ cash_receipt_issued: false, cancel_amount: 0 });
  });
});

const ACCOUNT = { bankCode: '88', accountNumber: '110-123-456890', holder: '홍길동' };

async function listedCase(merchantUid: string, kind = 'cash_receipt_failed') {
  const answer = await call(adminAttentionList, { limit: 500 }, { token: await adminToken() });
  const open = answer.body.result.find(
    (listed: { merchantUid?: string; kind: string }) =>
      listed.merchantUid === merchantUid && listed.kind === kind,
  );
  expect(open).toBeDefined();
  return open as { caseId: string; reason: string; amount: number };
}

describe('a cash receipt the provider does not issue', () => {
  it('is listed for an operator, retried once by two at once, issued, and its case ends', async () => {
    const buyer = await newCustomer();
    const card = {
      purpose: 'income_deduction',
      identifierType: 'taxcard',
      identifier: '1234 5678 9012 0500',
    };
    const { guid, merchantUid, impUid } = await vbankOrder(buyer, 'Y1_LIGHT_V3', card);
    await deposit(impUid);
    await confirm(guid, merchantUid);
    const failed = await settled(merchantUid);
    expect(failed).toMatchObject({ state: 'failed', caseOpen: true });
    expect(failed.failure).toContain('[PG사 발급실패]');
    const open = await listedCase(merchantUid);
    expect(open).toMatchObject({ amount: 118800 });
    // Confirmations that come later do not retry what an operator settles.
    await confirm(guid, merchantUid);
    expect((await getCashReceipt(merchantUid))?.attempts).toBe(1);

    const token = await adminToken();
    const retry = () =>
      call(adminAttentionResolve, { caseId: open.caseId, action: 'retry', reason: 'PG was down' }, { token });
    const answers = await Promise.all([retry(), retry()]);
    expect(answers.map((answer) => answer.body.result).sort()).toEqual(['already-ended', 'ended']);
    expect(await getCashReceipt(merchantUid)).toMatchObject({
      state: 'issued',
      attempts: 2,
      caseOpen: false,
    });
    const listed = await call(adminAttentionList, { limit: 500 }, { token: await adminToken() });
    expect(listed.body.result.filter((c: { merchantUid?: string }) => c.merchantUid === merchantUid)).toEqual(
      [],
    );
    const activities = await listUserActivities(buyer.uid);
    expect(activities.filter((activity) => activity.action === 'cash-receipt.retry')).toHaveLength(1);
  });
});

describe('no choice of a cash receipt', () => {
  it('from ₩100,000 is issued to the self-issue number (under it nothing is: shared/cash-receipts unit tests)', async () => {
    const buyer = await newCustomer();
    const big = await vbankOrder(buyer, 'Y1_LIGHT_V3', { purpose: 'none' });
    await deposit(big.impUid);
    await confirm(big.guid, big.merchantUid);
    expect(await settled(big.merchantUid)).toMatchObject({
      state: 'issued',
      purpose: 'none',
      identifier: '0100001234',
      identifierType: 'phone',
      selfIssued: true,
    });
  });
});
