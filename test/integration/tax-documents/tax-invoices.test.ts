import { describe, expect, it } from 'vitest';
import { getCashReceipt } from '../../../functions/core/data/cash-receipt-repository.ts';
import { getTaxInvoiceRequest } from '../../../functions/core/data/tax-invoice-repository.ts';
import { listUserActivities } from '../../../functions/core/data/user-activity-repository.ts';
import { userPaymentHistory } from '../../../shared/api/billing.ts';
import {
  adminTaxInvoiceList,
  adminTaxInvoiceMark,
  getPaymentSessionTaxInvoice,
  savePaymentSessionTaxInvoice,
  saveUserTaxInvoiceDetails,
  userTaxInvoiceDetails,
} from '../../../shared/api/tax-invoices.ts';
import { invoiceMonthOf } from '../../../shared/tax-invoices/tax-invoice-rules.ts';
import { adminToken, call } from '../helpers.ts';
import {
  checkout,
  confirm,
  deposit,
  newCustomer,
  openSession,
  placeOrder,
  until,
  VISA_OK,
} from '../orders/order-helpers.ts';

/**
 * Tax invoices (세금계산서) over the routes: a business account's details kept from the order page and
 * the billing page (the business number checked by its check digit), the request each paid order
 * records (a card payment's served by its slip), the console's month of requests and the marks.
 */
const DETAILS = {
  businessNumber: '116-82-00276',
  companyName: '주식회사 컷룸테스트',
  representative: '홍길동',
  address: '서울특별시 강남구 테헤란로 1',
  businessType: '서비스',
  businessItem: '소프트웨어',
  invoiceEmail: 'tax@example.com',
};

const requestOf = (merchantUid: string) =>
  until(() => getTaxInvoiceRequest(merchantUid), `the invoice request of ${merchantUid}`);

describe('the invoice details', () => {
  it('are kept on the account from the order page and the billing page; a wrong check digit is refused', async () => {
    const buyer = await newCustomer();
    const { guid } = await openSession(buyer, { planName: 'Y1_STANDARD_V3' });
    expect((await call(getPaymentSessionTaxInvoice, { guid })).body).toEqual({ details: null });

    const wrong = await call(savePaymentSessionTaxInvoice, {
      guid,
      details: { ...DETAILS, businessNumber: '116-82-00278' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('INVALID_ARGUMENT');
    expect((await call(userTaxInvoiceDetails, {}, { token: buyer.token })).body).toEqual({ details: null });

    const saved = await call(savePaymentSessionTaxInvoice, { guid, details: DETAILS });
    expect(saved.body.details).toMatchObject({
      businessNumber: '1168200276',
      companyName: '주식회사 컷룸테스트',
    });
    const edited = await call(
      saveUserTaxInvoiceDetails,
      { details: { ...DETAILS, invoiceEmail: 'books@example.com' } },
      { token: buyer.token },
    );
    expect(edited.body.details.invoiceEmail).toBe('books@example.com');
    expect((await call(getPaymentSessionTaxInvoice, { guid })).body.details).toMatchObject({
      invoiceEmail: 'books@example.com',
      businessNumber: '1168200276',
    });
    expect((await call(userTaxInvoiceDetails, {})).status).toBe(401);
  });
});

describe('the invoice requests of a business account', () => {
  it('are recorded once per paid order, listed by month, state and method, and marked by finance staff', async () => {
    const buyer = await newCustomer();
    await call(saveUserTaxInvoiceDetails, { details: DETAILS }, { token: buyer.token });

    // By virtual account without a cash receipt: the tax invoice is the payment's document (no self-issue).
    const vbank = await openSession(buyer, { planName: 'Y1_STANDARD_V3' });
    const vbankOrder = await placeOrder(vbank.sessionInfo, 'vbank', { cashReceipt: { purpose: 'none' } });
    const back = await checkout(vbank.sessionInfo, vbankOrder, 'vbank', 'vbank');
    await deposit(back.imp_uid as string);
    await Promise.all([1, 2, 3].map(() => confirm(vbank.guid, vbankOrder.merchantUid)));
    const requested = await requestOf(vbankOrder.merchantUid);
    expect(requested).toMatchObject({
      state: 'requested',
      uid: buyer.uid,
      payMethod: 'vbank',
      amount: 238800,
      currency: 'KRW',
      businessNumber: '1168200276',
      month: invoiceMonthOf(requested.paidAt),
    });
    expect(await getCashReceipt(vbankOrder.merchantUid)).toBeUndefined();
    // The buyer's payment history says where the invoice stands (issue 32, point 8).
    const historyRow = async () =>
      (await call(userPaymentHistory, {}, { token: buyer.token })).body.result.find(
        (row: { merchantUid: string }) => row.merchantUid === vbankOrder.merchantUid,
      );
    expect((await historyRow()).taxInvoice).toEqual({ state: 'requested' });

    const token = await adminToken();
    const list = async (filter: Record<string, unknown>) => {
      const answer = await call(
        adminTaxInvoiceList,
        { month: requested.month, limit: 500, ...filter },
        { token },
      );
      expect(answer.status).toBe(200);
      return answer.body.result.filter((row: { uid: string }) => row.uid === buyer.uid);
    };
    expect(await list({})).toHaveLength(1);
    expect(await list({ state: 'requested', payMethod: 'vbank' })).toHaveLength(1);
    expect(await list({ state: 'issued' })).toHaveLength(0);
    expect(await list({ payMethod: 'card' })).toHaveLength(0);
    const badMonth = await call(adminTaxInvoiceList, { month: '2026-13' }, { token });
    expect(badMonth.body.error.code).toBe('invalid_argument');

    const mark = (input: Record<string, unknown>) =>
      call(
        adminTaxInvoiceMark,
        { merchantUid: vbankOrder.merchantUid, reason: 'Hometax', ...input },
        { token },
      );
    const malformed = await mark({ mark: 'issued', approvalNumber: '20261301-41000203-00002e07' });
    expect(malformed.body.error).toMatchObject({
      code: 'invalid_argument',
      msg: 'console-tax-invoices:refusal.approval_number_invalid',
    });
    expect((await mark({ mark: 'issued' })).body.error.code).toBe('invalid_argument');
    expect((await getTaxInvoiceRequest(vbankOrder.merchantUid))?.state).toBe('requested');

    const marks = await Promise.all([
      mark({ mark: 'issued', approvalNumber: '20261127-41000203-00002E07' }),
      mark({ mark: 'cancelled' }),
    ]);
    const accepted = marks.filter((answer) => answer.status === 200);
    expect(accepted).toHaveLength(1);
    expect(marks.find((answer) => answer.status !== 200)?.body.error.code).toBe('conflict');
    const after = await getTaxInvoiceRequest(vbankOrder.merchantUid);
    expect(after?.markedBy).toBe('operator@example.com');
    if (after?.state === 'issued') expect(after.approvalNumber).toBe('202611274100020300002e07');
    expect((await historyRow()).taxInvoice).toEqual(
      after?.state === 'issued'
        ? { state: 'issued', approvalNumber: '202611274100020300002e07' }
        : { state: 'cancelled' },
    );
    expect(await list({ state: after?.state })).toHaveLength(1);
    expect(await list({ state: 'requested' })).toHaveLength(0);
    const again = await mark({ mark: 'cancelled' });
    expect(again.body.error).toMatchObject({ code: 'conflict' });
    const activities = (await listUserActivities(buyer.uid)).filter((activity) =>
      activity.action.startsWith('tax-invoice.'),
    );
    expect(activities).toHaveLength(1);
    expect(activities[0]?.operatorEmail).toBe('operator@example.com');
  });

  it("of a card payment are served by its card slip and cannot be marked; an individual's orders record none", async () => {
    const buyer = await newCustomer();
    await call(saveUserTaxInvoiceDetails, { details: DETAILS }, { token: buyer.token });
    const { sessionInfo } = await openSession(buyer, { planName: 'Y1_STANDARD_V3' });
    const order = await placeOrder(sessionInfo, 'card');
    await checkout(sessionInfo, order, 'card', VISA_OK);
    expect((await confirm(sessionInfo.guid, order.merchantUid)).body.result).toBe('success');
    expect(await requestOf(order.merchantUid)).toMatchObject({ state: 'card_slip', payMethod: 'card' });
    const [paid] = (await call(userPaymentHistory, {}, { token: buyer.token })).body.result;
    expect(paid).toMatchObject({ merchantUid: order.merchantUid, taxInvoice: { state: 'card_slip' } });
    const marked = await call(
      adminTaxInvoiceMark,
      { merchantUid: order.merchantUid, mark: 'cancelled', reason: 'x' },
      { token: await adminToken() },
    );
    expect(marked.body.error).toMatchObject({ code: 'conflict' });

    const individual = await newCustomer();
    const other = await openSession(individual, { planName: 'Y1_LIGHT_V3' });
    const plain = await placeOrder(other.sessionInfo, 'card');
    await checkout(other.sessionInfo, plain, 'card', VISA_OK);
    expect((await confirm(other.sessionInfo.guid, plain.merchantUid)).body.result).toBe('success');
    expect(await getTaxInvoiceRequest(plain.merchantUid)).toBeUndefined();
    const [individualRow] = (await call(userPaymentHistory, {}, { token: individual.token })).body.result;
    expect(individualRow.merchantUid).toBe(plain.merchantUid);
    expect(individualRow).not.toHaveProperty('taxInvoice');
  });

  it('are the console’s alone: a customer token is refused', async () => {
    const buyer = await newCustomer();
    const answer = await call(adminTaxInvoiceList, { month: '2026-11' }, { token: buyer.token });
    expect(answer.status).toBe(401);
  });
});
