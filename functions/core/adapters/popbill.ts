import { createHash, createHmac } from 'node:crypto';
import * as z from 'zod';
import { nowMs } from '../clock.ts';
import { logger } from '../logger.ts';
import { environment, requiredEnvironment } from '../settings.ts';
import { exchange } from './outside-http.ts';
import { serviceCredentials } from './service-credentials.ts';

/**
 * Popbill (팝빌, by Linkhub): the e-tax-invoice service the product issues tax invoices through, and its
 * business status check (휴폐업조회). Its REST API as its SDK speaks it (npm `popbill` 1.64,
 * linkhub-sdk/node-popbill `lib/BaseService.js`, `lib/TaxinvoiceService.js`, `lib/ClosedownService.js`;
 * npm `linkhub` 1.8 `lib/TokenBuilder.js`) and as developers.popbill.com documents it:
 *
 * - A session token from Linkhub's auth host: `POST {auth}/{ServiceID}/Token`, body
 *   `{"access_id": <our business number>, "scope": ["member", "110" | "170"]}`, headers `x-lh-date` (ISO
 *   8601), `x-lh-version: 2.0` and `Authorization: LINKHUB {LinkID} {signature}`, the signature being
 *   base64(HMAC-SHA256(base64-decoded SecretKey, "POST\n" + base64(SHA-256(body)) + "\n" + date + "\n2.0\n"
 *   + path)). ServiceID is POPBILL, or POPBILL_TEST on the test bed. The answer's `session_token` is sent
 *   as `Authorization: Bearer …` until its `expiration`. Scope 110 is the tax invoice, 170 the status check.
 * - Calls other than GET and POST are a POST with `X-HTTP-Method-Override`: `POST /Taxinvoice` with ISSUE
 *   issues at once (RegistIssue, 즉시발행: registered and signed in one step) and answers `ntsConfirmNum`;
 *   `POST /Taxinvoice/SELL/{MgtKey}` with CANCELISSUE cancels one not yet sent to the NTS.
 *   `GET /Taxinvoice/SELL/{MgtKey}` is its state (GetInfo: `stateCode`, `ntsconfirmNum`), `…?TG=PDF` a
 *   short-lived address of its PDF (GetPDFURL), `GET /CloseDown?CN={number}` a business's state.
 * - A refusal is a non-200 answer `{code, message}`, the code 8 digits after a minus sign.
 *
 * The SDK itself is not used: its hosts are fixed (https to popbill.linkhub.co.kr, no port), so it cannot
 * reach the local stand-in, and a network failure never reaches its callbacks (BaseService `_makeRequest`
 * only logs the request's 'error'), which would leave a Lambda waiting for its time-out. Configuration:
 * POPBILL_TEST_BED ('true' on every stage but release), TAX_INVOICE_SUPPLIER (the supplier's details,
 * JSON), and POPBILL_LINK_ID with POPBILL_SECRET_KEY, or in AWS POPBILL_SECRET_ARN (JSON {linkId,
 * secretKey}); POPBILL_API_URL and POPBILL_AUTH_URL point at the stand-in on one machine.
 */
const API_VERSION = '2.0';
/** The scopes of the two services: the tax invoice and the business status check. */
export const POPBILL_SCOPES = { taxInvoice: '110', businessStatus: '170' } as const;
/** Popbill's refusal of a document number it holds no invoice under (-11000005, "Document ID does not exist"). */
export const NO_SUCH_INVOICE = -11000005;

/** A call to Popbill that did not succeed: refused with its code, or not answered (no code). */
export class PopbillError extends Error {
  constructor(
    message: string,
    readonly code: number | undefined,
    readonly httpStatus: number | undefined,
  ) {
    super(`Popbill: ${message}`);
    this.name = 'PopbillError';
  }

  /** Popbill answered and refused: the same request would be refused again. */
  get refused(): boolean {
    return this.code !== undefined;
  }
}

/** The supplier (공급자) of every invoice: the product's company, a Popbill member. */
export const SupplierSchema = z.object({
  corpNum: z.string().regex(/^\d{10}$/),
  companyName: z.string().min(1),
  ceoName: z.string().min(1),
  address: z.string().min(1),
  businessType: z.string().min(1),
  businessItem: z.string().min(1),
  email: z.email(),
});
export type Supplier = z.infer<typeof SupplierSchema>;

export function supplier(): Supplier {
  return SupplierSchema.parse(JSON.parse(requiredEnvironment('TAX_INVOICE_SUPPLIER')));
}

function hosts(): { api: string; auth: string; serviceId: string } {
  const testBed = environment('POPBILL_TEST_BED') !== 'false';
  return {
    api: (
      environment('POPBILL_API_URL') ??
      (testBed ? 'https://popbill-test.linkhub.co.kr' : 'https://popbill.linkhub.co.kr')
    ).replace(/\/$/, ''),
    auth: (environment('POPBILL_AUTH_URL') ?? 'https://auth.linkhub.co.kr').replace(/\/$/, ''),
    serviceId: testBed ? 'POPBILL_TEST' : 'POPBILL',
  };
}

/** The Linkhub signature of a token request (TokenBuilder.newToken's digest). */
export function linkhubSignature(secretKey: string, body: string, date: string, path: string): string {
  const bodyDigest = createHash('sha256').update(body).digest('base64');
  const target = `POST\n${bodyDigest}\n${date}\n${API_VERSION}\n${path}`;
  return createHmac('sha256', Buffer.from(secretKey, 'base64')).update(target).digest('base64');
}

const TokenAnswer = z.looseObject({ session_token: z.string(), expiration: z.string() });
const Refusal = z.looseObject({ code: z.number(), message: z.string() });
/** A token is used until a minute before it expires (a call must not arrive with a token just gone). */
const TOKEN_MARGIN_MS = 60_000;
const tokens = new Map<string, { token: string; expiresAt: number }>();

async function sessionToken(scope: string): Promise<string> {
  const cached = tokens.get(scope);
  if (cached && cached.expiresAt - TOKEN_MARGIN_MS > nowMs()) return cached.token;
  const { linkId, secretKey } = await serviceCredentials('POPBILL_SECRET_ARN', {
    linkId: 'POPBILL_LINK_ID',
    secretKey: 'POPBILL_SECRET_KEY',
  });
  const { auth, serviceId } = hosts();
  const path = `/${serviceId}/Token`;
  const body = JSON.stringify({ access_id: supplier().corpNum, scope: ['member', scope] });
  const date = new Date(nowMs()).toISOString();
  const answer = await reach(`${auth}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-lh-date': date,
      'x-lh-version': API_VERSION,
      authorization: `LINKHUB ${linkId} ${linkhubSignature(secretKey, body, date, path)}`,
    },
    body,
  });
  const token = TokenAnswer.safeParse(answer.body);
  if (answer.status !== 200 || !token.success) {
    logger.error('Linkhub refused our credentials', { status: answer.status, answer: answer.body });
    throw refusalOf(answer);
  }
  tokens.set(scope, { token: token.data.session_token, expiresAt: Date.parse(token.data.expiration) });
  return token.data.session_token;
}

async function reach(url: string, init: Parameters<typeof exchange>[1]) {
  try {
    return await exchange(url, init);
  } catch (error) {
    throw new PopbillError(`unreachable (${(error as Error).message})`, undefined, undefined);
  }
}

function refusalOf(answer: { status: number; body: unknown }): PopbillError {
  const refusal = Refusal.safeParse(answer.body);
  return refusal.success
    ? new PopbillError(refusal.data.message, refusal.data.code, answer.status)
    : new PopbillError(`answered HTTP ${answer.status}`, undefined, answer.status);
}

/** One call to the API with a session token of `scope` (a token refused as expired is asked again once). */
async function call(
  scope: string,
  request: { method: 'GET' | 'POST'; path: string; override?: string; body?: unknown },
): Promise<unknown> {
  for (let attempt = 0; ; attempt += 1) {
    const answer = await reach(`${hosts().api}${request.path}`, {
      method: request.method,
      headers: {
        authorization: `Bearer ${await sessionToken(scope)}`,
        'content-type': 'application/json;charset=utf-8',
        ...(request.override ? { 'x-http-method-override': request.override } : {}),
      },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    });
    if (answer.status === 200) return answer.body;
    if (answer.status === 401 && attempt === 0) {
      tokens.delete(scope);
      continue;
    }
    throw refusalOf(answer);
  }
}

/** One line of an invoice (품목). */
export interface PopbillInvoiceLine {
  purchaseDate: string;
  itemName: string;
  supplyCost: number;
  tax: number;
}

/** What the product issues: the buyer, the lines and their totals; an amendment names its original. */
export interface PopbillInvoice {
  mgtKey: string;
  /** yyyy-MM-dd, KST. */
  writeDate: string;
  buyer: {
    corpNum: string;
    companyName: string;
    ceoName: string;
    address: string;
    businessType: string;
    businessItem: string;
    email: string;
  };
  lines: readonly PopbillInvoiceLine[];
  supplyCost: number;
  tax: number;
  total: number;
  amends?: { modifyCode: number; originalNtsConfirmNum: string; originalWriteDate: string };
}

const compactDate = (date: string) => date.replaceAll('-', '');

/** The Taxinvoice object of RegistIssue (정발행, 과세, 정과금; 영수: the buyer has paid). */
export function popbillTaxinvoice(invoice: PopbillInvoice, from: Supplier = supplier()) {
  return {
    issueType: '정발행',
    taxType: '과세',
    chargeDirection: '정과금',
    writeDate: compactDate(invoice.writeDate),
    purposeType: '영수',
    supplyCostTotal: String(invoice.supplyCost),
    taxTotal: String(invoice.tax),
    totalAmount: String(invoice.total),
    invoicerMgtKey: invoice.mgtKey,
    invoicerCorpNum: from.corpNum,
    invoicerCorpName: from.companyName,
    invoicerCEOName: from.ceoName,
    invoicerAddr: from.address,
    invoicerBizType: from.businessType,
    invoicerBizClass: from.businessItem,
    invoicerEmail: from.email,
    invoiceeType: '사업자',
    invoiceeCorpNum: invoice.buyer.corpNum,
    invoiceeCorpName: invoice.buyer.companyName,
    invoiceeCEOName: invoice.buyer.ceoName,
    invoiceeAddr: invoice.buyer.address,
    invoiceeBizType: invoice.buyer.businessType,
    invoiceeBizClass: invoice.buyer.businessItem,
    invoiceeEmail1: invoice.buyer.email,
    detailList: invoice.lines.map((line, index) => ({
      serialNum: index + 1,
      purchaseDT: compactDate(line.purchaseDate),
      itemName: line.itemName,
      qty: '1',
      unitCost: String(line.supplyCost),
      supplyCost: String(line.supplyCost),
      tax: String(line.tax),
    })),
    ...(invoice.amends
      ? {
          modifyCode: invoice.amends.modifyCode,
          orgNTSConfirmNum: invoice.amends.originalNtsConfirmNum,
          // The law's remark on an amended invoice: the original's write date.
          remark1: compactDate(invoice.amends.originalWriteDate),
        }
      : {}),
  };
}

const Issued = z.looseObject({ code: z.number(), ntsConfirmNum: z.string() });

/** Issues an invoice at once (RegistIssue); answers the NTS approval number Popbill assigned. */
export async function issueTaxInvoice(invoice: PopbillInvoice): Promise<{ ntsConfirmNum: string }> {
  const answer = Issued.parse(
    await call(POPBILL_SCOPES.taxInvoice, {
      method: 'POST',
      path: '/Taxinvoice',
      override: 'ISSUE',
      body: popbillTaxinvoice(invoice),
    }),
  );
  return { ntsConfirmNum: answer.ntsConfirmNum };
}

const documentPath = (mgtKey: string) => `/Taxinvoice/SELL/${encodeURIComponent(mgtKey)}`;

/** Cancels an issued invoice not yet sent to the NTS (CancelIssue); it is then never reported. */
export async function cancelTaxInvoice(mgtKey: string, memo: string): Promise<void> {
  await call(POPBILL_SCOPES.taxInvoice, {
    method: 'POST',
    path: documentPath(mgtKey),
    override: 'CANCELISSUE',
    body: { memo },
  });
}

/**
 * Where an invoice stands at Popbill (developers.popbill.com, status codes of an e-tax invoice): 300
 * issued, 301 to 303 on the way to the NTS (before filing, pending, processing), 304 filed, 305 refused
 * by the NTS, 600 cancelled.
 */
const InvoiceInfo = z.looseObject({
  stateCode: z.number(),
  ntsconfirmNum: z.string().nullable().optional(),
  issueDT: z.string().nullable().optional(),
  stateDT: z.string().nullable().optional(),
  ntssendErrCode: z.string().nullable().optional(),
});
export type InvoiceInfo = z.infer<typeof InvoiceInfo>;
export const INVOICE_STATE_CODES = {
  issued: 300,
  filed: 304,
  refusedByNts: 305,
  cancelled: 600,
} as const;

/** Whether an invoice in this state can still be cancelled (issued, not handed to the NTS yet). */
export const beforeFiling = (stateCode: number) => stateCode >= 300 && stateCode <= 302;

/** An invoice's state (GetInfo), or null when Popbill holds none under the document number. */
export async function taxInvoiceInfo(mgtKey: string): Promise<InvoiceInfo | null> {
  try {
    return InvoiceInfo.parse(
      await call(POPBILL_SCOPES.taxInvoice, { method: 'GET', path: documentPath(mgtKey) }),
    );
  } catch (error) {
    if (error instanceof PopbillError && error.code === NO_SUCH_INVOICE) return null;
    throw error;
  }
}

/** A short-lived address of an invoice's PDF (GetPDFURL; Popbill's links last seconds, so ask each time). */
export async function taxInvoicePdfUrl(mgtKey: string): Promise<string> {
  const answer = z
    .looseObject({ url: z.string() })
    .parse(await call(POPBILL_SCOPES.taxInvoice, { method: 'GET', path: `${documentPath(mgtKey)}?TG=PDF` }));
  return answer.url;
}

/** A business's state as the NTS reports it (ClosedownService CheckCorpNum `state`). */
export type BusinessState = 'operating' | 'closed' | 'suspended' | 'unregistered' | 'unknown';
const BUSINESS_STATES: Readonly<Record<string, BusinessState>> = {
  '0': 'unregistered',
  '1': 'operating',
  '2': 'closed',
  '3': 'suspended',
};
const CorpState = z.looseObject({
  state: z.string().nullable().optional(),
  stateDate: z.string().nullable().optional(),
});

/** The state of a business by its registration number: null state (the NTS could not say) is unknown. */
export async function businessStatus(corpNum: string): Promise<{ state: BusinessState; since?: string }> {
  const answer = CorpState.parse(
    await call(POPBILL_SCOPES.businessStatus, {
      method: 'GET',
      path: `/CloseDown?CN=${encodeURIComponent(corpNum)}`,
    }),
  );
  const state = BUSINESS_STATES[answer.state ?? ''] ?? 'unknown';
  return { state, ...(answer.stateDate ? { since: answer.stateDate } : {}) };
}
