import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { DateTime } from 'luxon';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  type MockInstance,
  vi,
} from 'vitest';
import { attentionList, resolveAttention } from '../../../functions/core/attention/attention-cases.ts';
import { nowMs } from '../../../functions/core/clock.ts';
import { getCashReceipt } from '../../../functions/core/data/cash-receipt-repository.ts';
import { getOrder } from '../../../functions/core/data/order-reads.ts';
import {
  getTaxInvoice,
  getTaxInvoiceRequest,
  putTaxInvoiceProfile,
  type TaxInvoiceRequest,
} from '../../../functions/core/data/tax-invoice-repository.ts';
import {
  grantDirectDeposit,
  newDirectDepositId,
} from '../../../functions/core/direct-deposits/direct-deposit.ts';
import { metrics } from '../../../functions/core/observability.ts';
import { settlePaid } from '../../../functions/core/orders/confirmation.ts';
import { quoteRefund, refundPlan } from '../../../functions/core/refunds/refund-engine.ts';
import { runTaxDocuments } from '../../../functions/core/tax-invoices/tax-documents-run.ts';
import { markTaxInvoice, saveTaxInvoiceDetails } from '../../../functions/core/tax-invoices/tax-invoices.ts';
import { invokeModule } from '../../../scripts/local/lambda-context.ts';
import type { LocalEndpointHandler, StandIn } from '../../../scripts/local/stand-in-context.ts';
import { start as startMail } from '../../../scripts/local/stand-ins/mail.ts';
import { CLOSED_TEST_NUMBER, start as startPopbill } from '../../../scripts/local/stand-ins/popbill.ts';
import { moveTestClockTo } from '../../../scripts/local/test-clock.ts';
import { saveUserTaxInvoiceDetails } from '../../../shared/api/tax-invoices.ts';
import { PRODUCT_METRICS } from '../../../shared/observability/product-metrics.ts';
import { KST_ZONE } from '../../../shared/time/kst.ts';
import { call, pointAtRuntime } from '../helpers.ts';
import { ONE_YEAR_PASS, type OrderKind, testOrder } from '../operations/order-fixtures.ts';
import { newCustomer, until } from '../orders/order-helpers.ts';
import { type Harness, startHarness } from '../payments/sandbox-harness.ts';

/**
 * Tax invoices issued through Popbill (issue 37), on this process's test clock in a year of its own
 * (2047, so that its months hold only these payments): the Popbill stand-in, the payment sandbox, the
 * scheduler and the mail stand-in run here, the suite's DynamoDB Local holds the records, and the
 * product's code runs as the routes and the tax documents' run call it (every scheduled event delivered
 * twice at once). An invoice asked at once is issued a minute after its payment, with the split of what
 * was paid; a month's on the 9th of the next; refunds amend it once (or cancel it the same day); a closed
 * business and Popbill's refusal are attention tasks, and counted by the deadline alarm's metric two
 * business days before the deadline; a direct deposit gets its cash receipt or its invoice.
 */
const OPERATOR = { uid: 'operator-tax', email: 'finance@example.com' };
const BUSINESS = {
  businessNumber: '116-82-00276',
  companyName: '주식회사 컷룸테스트',
  representative: '홍길동',
  address: '서울특별시 강남구 테헤란로 1',
  businessType: '서비스',
  businessItem: '소프트웨어',
  invoiceEmail: 'tax@example.com',
};
const ACCOUNT = { bankCode: '88' as const, accountNumber: '110123456890', holder: '홍길동' };
/** A test's time on this loaded machine: each runs the product's run and Popbill several times. */
const TEST_TIMEOUT = { timeout: 90_000 };
const kst = (text: string) => DateTime.fromISO(text, { zone: KST_ZONE }).toMillis();

let harness: Harness;
let mail: StandIn | undefined;
let popbill: StandIn | undefined;
const popbillEndpoints = new Map<string, LocalEndpointHandler>();

async function popbillLocal(method: string, path: string, body?: unknown) {
  const req = Object.assign(Readable.from(body === undefined ? [] : [Buffer.from(JSON.stringify(body))]), {
    headers: { 'content-type': 'application/json' },
  });
  let text = '';
  const res = { writeHead: () => res, end: (chunk?: string) => (text = chunk ?? '') };
  await popbillEndpoints.get(`${method} ${path}`)?.(
    req as unknown as IncomingMessage,
    res as unknown as ServerResponse,
  );
  return text ? JSON.parse(text) : undefined;
}

interface Issued {
  mgtKey: string;
  ntsConfirmNum: string;
  stateCode: number;
  modifyCode?: number;
  supplyCostTotal: string;
  taxTotal: string;
  totalAmount: string;
  invoiceeCorpNum: string;
  writeDate: string;
}
const atPopbill = async (): Promise<Issued[]> => (await popbillLocal('GET', '/_local/popbill.json')).invoices;

beforeAll(async () => {
  pointAtRuntime();
  moveTestClockTo(kst('2047-03-05T10:00'));
  harness = await startHarness({ scheduler: true });
  const ctx = {
    registerLocalEndpoint: (method: string, path: string, handler: LocalEndpointHandler) =>
      popbillEndpoints.set(`${method} ${path}`, handler),
    invokeModule,
    stateDir: undefined,
    baseUrl: harness.pagesUrl,
  };
  popbill = await startPopbill(ctx);
  mail = await startMail({ ...ctx, registerLocalEndpoint: () => undefined });
  Object.assign(process.env, popbill.env, mail.env, { SITE_URL: harness.pagesUrl });
});

afterAll(async () => {
  await mail?.stop();
  await popbill?.stop();
  await harness?.stop();
});

/** A business buyer (its details kept, checked with the NTS) and a paid virtual-account order of it. */
async function businessBuyer(timing: 'each' | 'monthly', businessNumber = BUSINESS.businessNumber) {
  const order = await testOrder({ ...ONE_YEAR_PASS, payMethod: 'vbank' });
  await saveTaxInvoiceDetails(order.uid, {
    ...BUSINESS,
    businessNumber: businessNumber.replace(/-/g, ''),
    timing,
  });
  return order;
}

async function pay(order: Awaited<ReturnType<typeof testOrder>>) {
  const receipt = {
    paidAt: nowMs(),
    amount: order.amount,
    currency: 'KRW',
    impUid: `imp_${order.merchantUid}`,
  };
  expect(await settlePaid(order, receipt)).toEqual({ result: 'success' });
}

const requestIn = (merchantUid: string, ...states: TaxInvoiceRequest['state'][]) =>
  until(
    async () => {
      const request = await getTaxInvoiceRequest(merchantUid);
      return request && states.includes(request.state) ? request : undefined;
    },
    `the invoice request of ${merchantUid} in ${states.join(' or ')}`,
  );

/** An operator's refund of the plan by bank transfer from the product account, paid the same moment. */
async function refundByTransfer(uid: string, price: number) {
  const quote = await quoteRefund({ uid, requestedMs: nowMs(), businessDay: false });
  await refundPlan(
    {
      uid,
      price,
      reason: 'Refunded by the bank',
      refundSource: 'cutloom',
      refundAccount: ACCOUNT,
      requestedBy: OPERATOR.email,
      operator: OPERATOR,
      requestKey: `console:${uid}:${price}`,
    },
    quote,
    'at-most-refundable',
  );
  const owed = (await attentionList({ limit: 500 })).result.find(
    (open) => open.kind === 'refund_transfer' && open.uid === uid,
  );
  expect(owed).toBeDefined();
  await resolveAttention(
    { caseId: owed?.caseId as string, action: 'transfer-paid', transferReference: 'KB-1', reason: '' },
    OPERATOR,
  );
}

const openCase = async (merchantUid: string) =>
  (await attentionList({ limit: 500 })).result.find(
    (open) => open.kind === 'tax_invoice_failed' && open.merchantUid === merchantUid,
  );

describe('the business status check when the details are saved', TEST_TIMEOUT, () => {
  it('refuses a business the NTS reports closed, in the buyer’s words', async () => {
    const buyer = await newCustomer();
    const closed = await call(
      saveUserTaxInvoiceDetails,
      { details: { ...BUSINESS, businessNumber: CLOSED_TEST_NUMBER } },
      { token: buyer.token },
    );
    expect(closed.status).toBe(422);
    expect(closed.body.error).toMatchObject({ code: 'BUSINESS_NOT_OPERATING', businessState: 'closed' });
    const saved = await call(saveUserTaxInvoiceDetails, { details: BUSINESS }, { token: buyer.token });
    expect(saved.body.details).toMatchObject({ businessNumber: '1168200276', timing: 'each' });
  });
});

describe('an invoice issued at once', TEST_TIMEOUT, () => {
  let partly: Awaited<ReturnType<typeof testOrder>>;

  it('is issued a minute after a virtual-account payment, with its 공급가액, 세액 and approval number', async () => {
    partly = await businessBuyer('each');
    await pay(partly);
    expect((await getTaxInvoiceRequest(partly.merchantUid))?.state).toBe('requested');
    await harness.runClock(61);
    const issued = await requestIn(partly.merchantUid, 'issued');
    expect(issued).toMatchObject({ supplyCost: 217_091, tax: 21_709, amount: 238_800, invoicedCancelled: 0 });
    expect(issued.approvalNumber).toMatch(/^20470305\d{8}[0-9a-f]{8}$/);
    const invoice = await getTaxInvoice(issued.invoiceKey as string);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      writeDate: '2047-03-05',
      deadline: '2047-04-10',
      supplyCost: 217_091,
      tax: 21_709,
      total: 238_800,
      ntsConfirmNum: issued.approvalNumber,
    });
    const [atPopbillNow] = (await atPopbill()).filter((one) => one.mgtKey === issued.invoiceKey);
    expect(atPopbillNow).toMatchObject({
      stateCode: 300,
      writeDate: '20470305',
      invoiceeCorpNum: '1168200276',
      supplyCostTotal: '217091',
      taxTotal: '21709',
      totalAmount: '238800',
    });
  });

  it('is amended once for a refund in part, and cancelled by a refund of everything the same day', async () => {
    const whole = await businessBuyer('each');
    await pay(whole);
    await harness.runClock(61);
    const wholeIssued = await requestIn(whole.merchantUid, 'issued');
    await refundByTransfer(partly.uid, 119_400);
    await refundByTransfer(whole.uid, 238_800);
    // The run, twice at once and once more: each refund is handled once.
    await Promise.all([runTaxDocuments({}), runTaxDocuments({})]);
    await runTaxDocuments({});

    const amended = await getTaxInvoiceRequest(partly.merchantUid);
    expect(amended?.state).toBe('issued');
    expect(amended?.amendmentKeys).toHaveLength(1);
    const amendment = await getTaxInvoice(amended?.amendmentKeys?.[0] as string);
    expect(amendment).toMatchObject({
      kind: 'amendment',
      state: 'issued',
      modifyCode: 2,
      writeDate: '2047-03-05',
      supplyCost: -108_545,
      tax: -10_855,
      total: -119_400,
      originalKey: amended?.invoiceKey,
    });
    const cancelled = await getTaxInvoiceRequest(whole.merchantUid);
    expect(cancelled?.state).toBe('cancelled');
    expect((await getTaxInvoice(cancelled?.amendmentKeys?.[0] as string))?.kind).toBe('cancellation');
    const popbillNow = await atPopbill();
    expect(popbillNow.find((one) => one.mgtKey === wholeIssued.invoiceKey)?.stateCode).toBe(600);
    expect(popbillNow.filter((one) => one.modifyCode !== undefined)).toMatchObject([
      { mgtKey: amendment?.mgtKey, modifyCode: 2, totalAmount: '-119400', supplyCostTotal: '-108545' },
    ]);
  });

  it('is followed until the NTS has it, then amended for a refund of everything (계약의 해제)', async () => {
    const order = await businessBuyer('each');
    await pay(order);
    await harness.runClock(61);
    const issued = await requestIn(order.merchantUid, 'issued');
    // Filed by Popbill at 15:00 on the next business day.
    moveTestClockTo(kst('2047-03-20T10:00'));
    await runTaxDocuments({});
    expect((await getTaxInvoiceRequest(order.merchantUid))?.state).toBe('sent');
    await refundByTransfer(order.uid, order.amount);
    await runTaxDocuments({});
    const after = (await getTaxInvoiceRequest(order.merchantUid)) as TaxInvoiceRequest;
    expect(after.state).toBe('sent');
    expect(await getTaxInvoice(after.amendmentKeys?.[0] as string)).toMatchObject({
      kind: 'amendment',
      state: 'issued',
      modifyCode: 4,
      writeDate: '2047-03-20',
      total: -238_800,
      supplyCost: -(issued.supplyCost as number),
      tax: -(issued.tax as number),
    });
  });
});

describe('a month’s invoice', TEST_TIMEOUT, () => {
  it('lists the buyer’s payments of the month, written on its last day, issued on the 9th of the next', async () => {
    moveTestClockTo(kst('2047-03-20T11:00'));
    const first = await businessBuyer('monthly');
    await pay(first);
    // The same buyer's usage eraser, later that day (one plan at a time: a second payment of another kind).
    const second = await testOrder({
      ...ONE_YEAR_PASS,
      paymentType: 'eraser',
      planName: 'ERASER_STT',
      payMethod: 'vbank',
      uid: first.uid,
      amount: 9_900,
      usageType: 'STT',
    } as OrderKind);
    await pay(second);
    await runTaxDocuments({});
    expect((await getTaxInvoiceRequest(first.merchantUid))?.state).toBe('requested');

    moveTestClockTo(kst('2047-04-09T10:00'));
    await runTaxDocuments({});
    const [one, two] = await Promise.all([
      getTaxInvoiceRequest(first.merchantUid),
      getTaxInvoiceRequest(second.merchantUid),
    ]);
    expect(one?.state).toBe('issued');
    expect(two?.approvalNumber).toBe(one?.approvalNumber);
    expect(await getTaxInvoice(one?.invoiceKey as string)).toMatchObject({
      timing: 'monthly',
      writeDate: '2047-03-31',
      deadline: '2047-04-10',
      supplyCost: 217_091 + 9_000,
      tax: 21_709 + 900,
      total: 248_700,
      lines: [
        { merchantUid: first.merchantUid, date: '2047-03-20', total: 238_800 },
        { merchantUid: second.merchantUid, date: '2047-03-20', total: 9_900 },
      ],
    });
  });
});

describe('an invoice that cannot be issued', TEST_TIMEOUT, () => {
  let added: MockInstance<typeof metrics.addMetric>;
  beforeEach(() => {
    added = vi.spyOn(metrics, 'addMetric');
  });
  afterEach(() => {
    added.mockRestore();
    metrics.clearMetrics();
  });
  const nearDeadline = () =>
    added.mock.calls.filter(([name]) => name === PRODUCT_METRICS.taxInvoicesNearDeadline.name).at(-1)?.[2];

  it('is an attention task (a closed business, Popbill’s refusal) and raises the alarm two business days before its deadline', async () => {
    // A business that closed after its details were saved: refused before Popbill is asked.
    const closed = await businessBuyer('each');
    await putTaxInvoiceProfile(closed.uid, {
      ...BUSINESS,
      businessNumber: CLOSED_TEST_NUMBER,
      timing: 'each',
    });
    await pay(closed);
    await popbillLocal('POST', '/_local/popbill/refuse', {
      code: -10002009,
      message: '인증서를 찾을 수 없습니다.',
    });
    const refused = await businessBuyer('each');
    await pay(refused);
    await harness.runClock(61);
    const closedRequest = await requestIn(closed.merchantUid, 'failed');
    expect(await getTaxInvoice(closedRequest.invoiceKey as string)).toMatchObject({
      failure: 'business_closed',
    });
    expect(await openCase(closed.merchantUid)).toMatchObject({ amount: 238_800, currency: 'KRW' });
    const refusedRequest = await requestIn(refused.merchantUid, 'failed');
    expect(await getTaxInvoice(refusedRequest.invoiceKey as string)).toMatchObject({
      failure: 'refused',
      failureMessage: 'Popbill: 인증서를 찾을 수 없습니다.',
    });
    const refusedCase = await openCase(refused.merchantUid);
    expect(refusedCase).toBeDefined();

    // Written 2047-04-09, due 2047-05-10 (a Friday): counted from Wednesday the 8th.
    await runTaxDocuments({});
    expect(nearDeadline()).toBe(0);
    moveTestClockTo(kst('2047-05-08T09:00'));
    await runTaxDocuments({});
    expect(nearDeadline()).toBe(2);

    // Popbill fixed: the operator retries; the closed business's invoice is cancelled by hand.
    await popbillLocal('POST', '/_local/popbill/refuse', {});
    await resolveAttention(
      { caseId: refusedCase?.caseId as string, action: 'retry', reason: 'certificate renewed' },
      OPERATOR,
    );
    expect((await getTaxInvoiceRequest(refused.merchantUid))?.state).toBe('issued');
    expect(await openCase(refused.merchantUid)).toBeUndefined();
    await markTaxInvoice({ merchantUid: closed.merchantUid, mark: 'cancelled', reason: 'closed' }, OPERATOR);
    expect(await openCase(closed.merchantUid)).toBeUndefined();
    await runTaxDocuments({});
    expect(nearDeadline()).toBe(0);
  });
});

describe('a direct deposit in won', TEST_TIMEOUT, () => {
  it('gets a cash receipt (to the NTS number from ₩100,000), or its business buyer’s invoice', async () => {
    const person = await newCustomer();
    const business = await newCustomer();
    await saveTaxInvoiceDetails(business.uid, { ...BUSINESS, businessNumber: '1168200276', timing: 'each' });
    const deposit = (uid: string) => ({
      depositId: newDirectDepositId(),
      uid,
      userName: 'Kim Buyer',
      userEmail: `${uid}@example.com`,
      userPhone: '01012345678',
      planName: 'Y1_STANDARD_V3',
      currency: 'KRW' as const,
      price: 238_800,
      paymentType: 'plan' as const,
      desc: 'Paid by bank transfer',
    });
    const toPerson = deposit(person.uid);
    const toBusiness = deposit(business.uid);
    for (const one of [toPerson, toBusiness])
      expect(
        (await grantDirectDeposit(one, { operator: OPERATOR, action: 'direct-deposit.create' })).status,
      ).toBe('granted');
    await runTaxDocuments({});
    expect(await getCashReceipt(toPerson.depositId)).toMatchObject({
      state: 'issued',
      selfIssued: true,
      external: true,
      amount: 238_800,
    });
    expect(await getTaxInvoiceRequest(toBusiness.depositId)).toMatchObject({
      state: 'issued',
      payMethod: 'direct_deposit',
      supplyCost: 217_091,
      tax: 21_709,
    });
    expect(await getCashReceipt(toBusiness.depositId)).toBeUndefined();
    expect(await getOrder(toPerson.depositId)).toBeUndefined();
  });
});
