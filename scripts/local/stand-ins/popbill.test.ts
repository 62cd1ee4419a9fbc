import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessStatus,
  cancelTaxInvoice,
  issueTaxInvoice,
  linkhubSignature,
  PopbillError,
  type PopbillInvoice,
  taxInvoiceInfo,
  taxInvoicePdfUrl,
} from '../../../functions/core/adapters/popbill.ts';
import type { LocalEndpointHandler, StandIn } from '../stand-in-context.ts';
import { moveTestClockTo } from '../test-clock.ts';
import {
  CLOSED_TEST_NUMBER,
  filingTime,
  LINK_ID,
  PopbillSandbox,
  SECRET_KEY,
  SUSPENDED_TEST_NUMBER,
  start,
  UNREGISTERED_TEST_NUMBER,
} from './popbill.ts';

/**
 * The Popbill stand-in against the production adapter (functions/core/adapters/popbill.ts): Linkhub's
 * signed token, RegistIssue with the method override, GetInfo's states on the clock, CancelIssue before
 * filing only, the PDF link, the business status check's test numbers, and Popbill's refusals.
 */
let standIn: StandIn;
const endpoints = new Map<string, LocalEndpointHandler>();

beforeAll(async () => {
  standIn = await start({
    registerLocalEndpoint: (method, path, handler) => endpoints.set(`${method} ${path}`, handler),
    invokeModule: async () => undefined,
    stateDir: undefined,
    baseUrl: 'http://localhost:3000',
  });
  Object.assign(process.env, standIn.env);
});
afterAll(() => standIn.stop());

const BUYER = {
  corpNum: '1168200276',
  companyName: '주식회사 컷룸테스트',
  ceoName: '홍길동',
  address: '서울특별시 강남구 테헤란로 1',
  businessType: '서비스',
  businessItem: '소프트웨어',
  email: 'tax@example.com',
};
let serial = 0;
const invoice = (overrides: Partial<PopbillInvoice> = {}): PopbillInvoice => {
  serial += 1;
  return {
    mgtKey: `T-${Date.now().toString(36)}-${serial}`,
    writeDate: '2026-03-15',
    buyer: BUYER,
    lines: [
      { purchaseDate: '2026-03-15', itemName: 'Cutloom Y1_STANDARD_V3', supplyCost: 217_091, tax: 21_709 },
    ],
    supplyCost: 217_091,
    tax: 21_709,
    total: 238_800,
    ...overrides,
  };
};
const refusal = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PopbillError);
  return (error as PopbillError).code;
};

describe('Linkhub’s token', () => {
  it('is granted to the signature Linkhub computes, refused to another', () => {
    const sandbox = new PopbillSandbox(undefined);
    const body = JSON.stringify({ access_id: '1234567891', scope: ['member', '110'] });
    const date = new Date().toISOString();
    const headers = (signature: string) => ({
      authorization: `LINKHUB ${LINK_ID} ${signature}`,
      'x-lh-date': date,
      'x-lh-version': '2.0',
    });
    const path = '/POPBILL_TEST/Token';
    expect(sandbox.token(headers(linkhubSignature(SECRET_KEY, body, date, path)), path, body)).toMatchObject({
      serviceID: 'POPBILL_TEST',
      scope: ['member', '110'],
    });
    const other = Buffer.from('another secret').toString('base64');
    expect(() => sandbox.token(headers(linkhubSignature(other, body, date, path)), path, body)).toThrow();
    expect(() =>
      sandbox.token(headers(linkhubSignature(SECRET_KEY, `${body} `, date, path)), path, body),
    ).toThrow();
  });
});

describe('an invoice issued at once', () => {
  it('answers its NTS approval number, reads 300 until filed at 15:00 on the next business day, then 304', async () => {
    const issued = invoice();
    const { ntsConfirmNum } = await issueTaxInvoice(issued);
    expect(ntsConfirmNum).toMatch(/^\d{16}[0-9a-f]{8}$/);
    expect(await taxInvoiceInfo(issued.mgtKey)).toMatchObject({
      stateCode: 300,
      ntsconfirmNum: ntsConfirmNum,
    });
    expect(await taxInvoicePdfUrl(issued.mgtKey)).toMatch(
      /^http:\/\/localhost:3000\/_local\/popbill\/pdf\?link=/,
    );
    // Issued on a Friday: filed on Monday at 15:00 KST.
    expect(new Date(filingTime(Date.parse('2026-03-13T12:00:00+09:00'))).toISOString()).toBe(
      '2026-03-16T06:00:00.000Z',
    );
    expect(await taxInvoiceInfo('T-none')).toBeNull();
  });

  it('is refused for a document number in use, a buyer number with a wrong check digit, totals that differ', async () => {
    const issued = invoice();
    await issueTaxInvoice(issued);
    expect(await refusal(issueTaxInvoice(issued))).toBe(-11001031);
    expect(await refusal(issueTaxInvoice(invoice({ buyer: { ...BUYER, corpNum: '1168200278' } })))).toBe(
      -11001021,
    );
    expect(await refusal(issueTaxInvoice(invoice({ tax: 21_710 })))).toBe(-11001032);
    expect(await refusal(issueTaxInvoice(invoice({ mgtKey: 'a key with spaces' })))).toBe(-11001030);
  });

  it('is cancelled once, before filing only; its number cannot be issued again', async () => {
    const issued = invoice();
    const { ntsConfirmNum } = await issueTaxInvoice(issued);
    await cancelTaxInvoice(issued.mgtKey, 'refunded');
    expect((await taxInvoiceInfo(issued.mgtKey))?.stateCode).toBe(600);
    expect(await refusal(cancelTaxInvoice(issued.mgtKey, 'again'))).toBe(-11002002);
    expect(await refusal(issueTaxInvoice(issued))).toBe(-11001031);
    // An amendment of a cancelled invoice is refused too.
    const amendment = invoice({
      supplyCost: -217_091,
      tax: -21_709,
      total: -238_800,
      lines: [{ purchaseDate: '2026-03-20', itemName: 'refund', supplyCost: -217_091, tax: -21_709 }],
      amends: { modifyCode: 4, originalNtsConfirmNum: ntsConfirmNum, originalWriteDate: '2026-03-15' },
    });
    expect(await refusal(issueTaxInvoice(amendment))).toBe(-11001034);
  });

  it('is amended by a negative invoice naming it; a cancellation of the contract must be negative', async () => {
    const original = invoice();
    const { ntsConfirmNum } = await issueTaxInvoice(original);
    const negative = {
      supplyCost: -108_545,
      tax: -10_855,
      total: -119_400,
      lines: [{ purchaseDate: '2026-03-20', itemName: 'refund', supplyCost: -108_545, tax: -10_855 }],
    };
    expect(
      await refusal(
        issueTaxInvoice(
          invoice({
            amends: { modifyCode: 4, originalNtsConfirmNum: ntsConfirmNum, originalWriteDate: '2026-03-15' },
          }),
        ),
      ),
    ).toBe(-11001010);
    expect(
      await refusal(
        issueTaxInvoice(
          invoice({
            ...negative,
            amends: { modifyCode: 9, originalNtsConfirmNum: ntsConfirmNum, originalWriteDate: '2026-03-15' },
          }),
        ),
      ),
    ).toBe(-11001009);
    const amended = await issueTaxInvoice(
      invoice({
        ...negative,
        amends: { modifyCode: 2, originalNtsConfirmNum: ntsConfirmNum, originalWriteDate: '2026-03-15' },
      }),
    );
    expect(amended.ntsConfirmNum).not.toBe(ntsConfirmNum);
    // Filed on the next business day: no longer cancellable.
    moveTestClockTo(Date.now() + 5 * 86_400_000);
    expect((await taxInvoiceInfo(original.mgtKey))?.stateCode).toBe(304);
    expect(await refusal(cancelTaxInvoice(original.mgtKey, 'too late'))).toBe(-11002001);
  });

  it('is refused while the stand-in is told to refuse', async () => {
    const refuse = endpoints.get('POST /_local/popbill/refuse');
    const post = (body: unknown) => {
      const req = Object.assign(
        (async function* () {
          yield Buffer.from(JSON.stringify(body));
        })(),
        { headers: { 'content-type': 'application/json' } },
      );
      const res = { writeHead: () => res, end: () => undefined };
      return refuse?.(req as never, res as never);
    };
    await post({ code: -10002009, message: '인증서를 찾을 수 없습니다.' });
    expect(await refusal(issueTaxInvoice(invoice()))).toBe(-10002009);
    await post({});
    expect((await issueTaxInvoice(invoice())).ntsConfirmNum).toHaveLength(24);
  });
});

describe('the business status check', () => {
  it('reads the documented test numbers as closed, suspended and unregistered, others as operating', async () => {
    expect(await businessStatus(CLOSED_TEST_NUMBER)).toEqual({ state: 'closed', since: '20250131' });
    expect((await businessStatus(SUSPENDED_TEST_NUMBER)).state).toBe('suspended');
    expect((await businessStatus(UNREGISTERED_TEST_NUMBER)).state).toBe('unregistered');
    expect((await businessStatus('1168200278')).state).toBe('unregistered');
    expect(await businessStatus('1168200276')).toEqual({ state: 'operating' });
  });
});
