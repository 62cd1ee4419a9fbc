import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { linkhubSignature } from '../../../functions/core/adapters/popbill.ts';
import { nowMs } from '../../../functions/core/clock.ts';
import { businessNumberDigits } from '../../../shared/tax-documents/business-number.ts';
import { isBusinessDay } from '../../../shared/time/business-days.ts';
import { KST_ZONE } from '../../../shared/time/kst.ts';
import {
  escapeHtml as e,
  listenOnLoopback,
  readFields,
  readText,
  sendHtml,
  sendJson,
} from '../http-helpers.ts';
import type { StandIn, StandInContext } from '../stand-in-context.ts';

/**
 * Popbill (팝빌) on one machine: Linkhub's token service and the parts of Popbill's REST API the product
 * uses, so that the production adapter (functions/core/adapters/popbill.ts) runs unchanged against it.
 * What it answers, and why, is in docs/tax-documents.md ("The Popbill stand-in"):
 *
 * - `POST /{POPBILL|POPBILL_TEST}/Token`: the LINKHUB signature checked as Linkhub computes it
 *   (linkhub `TokenBuilder.newToken`), the access id our member's business number; a session token
 *   for the asked scopes, valid 30 minutes.
 * - `POST /Taxinvoice` with `X-HTTP-Method-Override: ISSUE` (RegistIssue): refuses an invoicer that is
 *   not the token's member, a document number (MgtKey) of another form or already used (a cancelled
 *   invoice's included: issuing after a cancellation is refused), a buyer number whose check digit is
 *   wrong, totals that are not their lines' sums or not supply + tax, an amendment without a known,
 *   uncancelled original or a positive one for a cancelled contract; answers the NTS approval number.
 * - `GET /Taxinvoice/SELL/{MgtKey}` (GetInfo): stateCode 300 once issued, 304 (filed) from 15:00 KST on
 *   the next business day (Popbill's filing policy), 600 once cancelled; `?TG=PDF`: a link to its PDF.
 * - `POST /Taxinvoice/SELL/{MgtKey}` with CANCELISSUE: only before filing, and only once.
 * - `GET /CloseDown?CN=`: a business's state; the documented test numbers read as closed, suspended
 *   and unregistered (CLOSED_TEST_NUMBER…), a number with a wrong check digit as unregistered.
 *
 * Tests make it refuse issues (`POST /_local/popbill/refuse {code, message}`, `{}` to stop), as Popbill
 * does when its certificate expired or its points ran out. State is kept beside the database.
 */
export const LINK_ID = 'CUTLOOM_LOCAL';
export const SECRET_KEY = Buffer.from('cutloom-local-popbill-secret-key').toString('base64');
/** The supplier the local runtime issues as (a synthetic number with a valid check digit). */
export const LOCAL_SUPPLIER = {
  corpNum: '1234567891',
  companyName: '컷룸 주식회사',
  ceoName: '김컷룸',
  address: '서울특별시 중구 세종대로 110',
  businessType: '정보통신업',
  businessItem: '소프트웨어 개발 및 공급',
  email: 'tax@cutloom.local',
};
/** Business numbers whose state the stand-in reports as the NTS would a closed, suspended or unknown one. */
export const CLOSED_TEST_NUMBER = '9998887777';
export const SUSPENDED_TEST_NUMBER = '4444444444';
export const UNREGISTERED_TEST_NUMBER = '2222222227';

const TOKEN_LIFETIME_MS = 30 * 60_000;
const SCOPES = new Set(['member', '110', '170']);
const FILING_HOUR = 15;
const HOLIDAYS = new Set(
  [
    ...readFileSync(join(import.meta.dirname, '../data/holidays-kr.xml'), 'utf8').matchAll(
      /<locdate>(\d{8})</g,
    ),
  ].map(([, date]) => `${date?.slice(0, 4)}-${date?.slice(4, 6)}-${date?.slice(6)}`),
);

/** Popbill's refusals (its error code table; those marked `ours` are not in the pages read, see the docs). */
const REFUSALS = {
  noSuchInvoice: [-11000005, '해당 문서번호에 해당하는 세금계산서가 없습니다.'],
  notTheMember: [-11001000, '팝빌회원 사업자번호와 세금계산서의 공급자 사업자번호가 다릅니다.'],
  modifyCode: [-11001009, '수정사유코드가 올바르지 않습니다.'],
  negativeOnly: [-11001010, '환입, 계약의 해제 사유의 수정세금계산서는 음(-)의 금액만 가능합니다.'],
  invoicer: [-11001014, '공급자 사업자등록번호가 올바르지 않습니다.'],
  invoicee: [-11001021, '공급받는자 사업자등록번호가 올바르지 않습니다.'],
  // ours:
  mgtKey: [-11001030, '문서번호는 영문, 숫자, -, _ 24자 이내여야 합니다.'],
  mgtKeyInUse: [-11001031, '이미 사용중인 문서번호입니다.'],
  amounts: [-11001032, '공급가액, 세액, 합계금액이 맞지 않습니다.'],
  writeDate: [-11001033, '작성일자가 올바르지 않습니다.'],
  original: [-11001034, '수정 대상 원본 세금계산서가 없거나 발행취소되었습니다.'],
  notCancellable: [-11002001, '국세청에 전송된 세금계산서는 발행취소할 수 없습니다.'],
  cancelled: [-11002002, '이미 발행취소된 세금계산서입니다.'],
  token: [-99004001, '인증 토큰이 없거나 만료되었습니다.'],
  signature: [-99004002, '링크아이디 또는 서명이 올바르지 않습니다.'],
} as const;
type Refusal = keyof typeof REFUSALS;

class Refused extends Error {
  constructor(
    readonly refusal: Refusal,
    readonly status = 400,
  ) {
    super(REFUSALS[refusal][1]);
  }
}

interface StoredInvoice {
  mgtKey: string;
  ntsConfirmNum: string;
  issuedAt: number;
  cancelledAt?: number;
  body: Record<string, unknown>;
}

interface SandboxState {
  invoices: StoredInvoice[];
  sequence: number;
}

/** When an invoice issued at `issuedAt` is filed: 15:00 KST on the next business day. */
export function filingTime(issuedAt: number): number {
  let day = DateTime.fromMillis(issuedAt, { zone: KST_ZONE }).startOf('day');
  do day = day.plus({ days: 1 });
  while (!isBusinessDay(day, HOLIDAYS));
  return day.set({ hour: FILING_HOUR }).toMillis();
}

const whole = (value: unknown) => (/^-?\d+$/.test(String(value ?? '')) ? Number(value) : Number.NaN);

/** Popbill's service as state: tokens, invoices, the business registry's answers. */
export class PopbillSandbox {
  private readonly tokens = new Map<string, { scopes: string[]; expiresAt: number }>();
  private refusing: { code: number; message: string } | undefined;
  private readonly state: SandboxState;

  constructor(private readonly file: string | undefined) {
    this.state =
      file && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : { invoices: [], sequence: 0 };
  }

  private save(): void {
    if (this.file) writeFileSync(this.file, JSON.stringify(this.state, null, 2));
  }

  get invoices(): readonly StoredInvoice[] {
    return this.state.invoices;
  }

  refuseIssues(refusal: { code: number; message: string } | undefined): void {
    this.refusing = refusal;
  }

  token(headers: IncomingMessage['headers'], path: string, body: string) {
    const [scheme, linkId, signature] = String(headers.authorization ?? '').split(' ');
    const date = String(headers['x-lh-date'] ?? '');
    if (
      scheme !== 'LINKHUB' ||
      linkId !== LINK_ID ||
      headers['x-lh-version'] !== '2.0' ||
      signature !== linkhubSignature(SECRET_KEY, body, date, path)
    )
      throw new Refused('signature', 401);
    const request = JSON.parse(body || '{}') as { access_id?: string; scope?: string[] };
    if (request.access_id !== LOCAL_SUPPLIER.corpNum) throw new Refused('notTheMember', 401);
    const scopes = (request.scope ?? []).filter((scope) => SCOPES.has(scope));
    const token = randomBytes(24).toString('hex');
    const expiresAt = nowMs() + TOKEN_LIFETIME_MS;
    this.tokens.set(token, { scopes, expiresAt });
    return {
      session_token: token,
      serviceID: path.split('/')[1],
      linkID: LINK_ID,
      usercode: 'POPBILL',
      ipaddress: '127.0.0.1',
      expiration: new Date(expiresAt).toISOString(),
      scope: scopes,
    };
  }

  /** The token of a call, which must hold `scope`. */
  authorize(authorization: string | undefined, scope: string): void {
    const found = this.tokens.get(String(authorization ?? '').replace(/^Bearer /, ''));
    if (!found || found.expiresAt <= nowMs() || !found.scopes.includes(scope))
      throw new Refused('token', 401);
  }

  issue(body: Record<string, unknown>): { code: 1; message: string; ntsConfirmNum: string } {
    if (body.invoicerCorpNum !== LOCAL_SUPPLIER.corpNum) throw new Refused('notTheMember');
    if (!businessNumberDigits(String(body.invoicerCorpNum))) throw new Refused('invoicer');
    const mgtKey = String(body.invoicerMgtKey ?? '');
    if (!/^[A-Za-z0-9_-]{1,24}$/.test(mgtKey)) throw new Refused('mgtKey');
    if (this.find(mgtKey)) throw new Refused('mgtKeyInUse');
    if (businessNumberDigits(String(body.invoiceeCorpNum ?? '')) !== body.invoiceeCorpNum)
      throw new Refused('invoicee');
    const writeDate = DateTime.fromFormat(String(body.writeDate ?? ''), 'yyyyMMdd', { zone: KST_ZONE });
    if (!writeDate.isValid) throw new Refused('writeDate');
    this.checkAmounts(body);
    if (body.modifyCode !== undefined) this.checkAmendment(body);
    if (this.refusing) {
      const refusal = this.refusing;
      throw Object.assign(new Error(refusal.message), { code: refusal.code });
    }
    const issuedAt = nowMs();
    this.state.sequence += 1;
    const ntsConfirmNum = `${DateTime.fromMillis(issuedAt, { zone: KST_ZONE }).toFormat('yyyyMMdd')}4100${String(
      this.state.sequence % 10_000,
    ).padStart(4, '0')}${createHash('sha256').update(mgtKey).digest('hex').slice(0, 8)}`;
    this.state.invoices.push({ mgtKey, ntsConfirmNum, issuedAt, body });
    this.save();
    return { code: 1, message: '발행 완료', ntsConfirmNum };
  }

  private checkAmounts(body: Record<string, unknown>): void {
    const supply = whole(body.supplyCostTotal);
    const tax = whole(body.taxTotal);
    const total = whole(body.totalAmount);
    const lines = Array.isArray(body.detailList) ? (body.detailList as Record<string, unknown>[]) : [];
    const sum = (field: string) => lines.reduce((all, line) => all + whole(line[field]), 0);
    if (
      [supply, tax, total].some(Number.isNaN) ||
      supply + tax !== total ||
      !lines.length ||
      sum('supplyCost') !== supply ||
      sum('tax') !== tax
    )
      throw new Refused('amounts');
  }

  private checkAmendment(body: Record<string, unknown>): void {
    const code = Number(body.modifyCode);
    if (!Number.isInteger(code) || code < 1 || code > 6) throw new Refused('modifyCode');
    if ((code === 3 || code === 4) && whole(body.totalAmount) >= 0) throw new Refused('negativeOnly');
    const original = this.state.invoices.find((invoice) => invoice.ntsConfirmNum === body.orgNTSConfirmNum);
    if (!original || original.cancelledAt !== undefined) throw new Refused('original');
  }

  private find(mgtKey: string): StoredInvoice | undefined {
    return this.state.invoices.find((invoice) => invoice.mgtKey === mgtKey);
  }

  stateCode(invoice: StoredInvoice): number {
    if (invoice.cancelledAt !== undefined) return 600;
    return nowMs() >= filingTime(invoice.issuedAt) ? 304 : 300;
  }

  info(mgtKey: string) {
    const invoice = this.find(mgtKey);
    if (!invoice) throw new Refused('noSuchInvoice');
    const stamp = (ms: number) => DateTime.fromMillis(ms, { zone: KST_ZONE }).toFormat('yyyyMMddHHmmss');
    const stateCode = this.stateCode(invoice);
    return {
      itemKey: createHash('sha256').update(`item:${mgtKey}`).digest('hex').slice(0, 18),
      stateCode,
      taxType: invoice.body.taxType,
      writeDate: invoice.body.writeDate,
      issueType: invoice.body.issueType,
      purposeType: invoice.body.purposeType,
      supplyCostTotal: invoice.body.supplyCostTotal,
      taxTotal: invoice.body.taxTotal,
      modifyCode: invoice.body.modifyCode ?? null,
      invoicerMgtKey: mgtKey,
      invoiceeCorpNum: invoice.body.invoiceeCorpNum,
      issueDT: stamp(invoice.issuedAt),
      stateDT: stamp(
        stateCode === 600
          ? (invoice.cancelledAt as number)
          : stateCode === 304
            ? filingTime(invoice.issuedAt)
            : invoice.issuedAt,
      ),
      ntsconfirmNum: invoice.ntsConfirmNum,
      ntsresult: stateCode === 304 ? '성공' : null,
      ntssendErrCode: stateCode === 304 ? 'SUC001' : null,
      lateIssueYN: false,
    };
  }

  cancel(mgtKey: string): { code: 1; message: string } {
    const invoice = this.find(mgtKey);
    if (!invoice) throw new Refused('noSuchInvoice');
    const state = this.stateCode(invoice);
    if (state === 600) throw new Refused('cancelled');
    if (state !== 300) throw new Refused('notCancellable');
    invoice.cancelledAt = nowMs();
    this.save();
    return { code: 1, message: '발행취소 완료' };
  }

  /** A business's state as ClosedownService answers it. */
  businessState(number: string) {
    const corpNum = number.replace(/-/g, '');
    const known = businessNumberDigits(corpNum) === corpNum;
    const state =
      corpNum === CLOSED_TEST_NUMBER
        ? '2'
        : corpNum === SUSPENDED_TEST_NUMBER
          ? '3'
          : corpNum === UNREGISTERED_TEST_NUMBER || !known
            ? '0'
            : '1';
    return {
      corpNum,
      taxType: state === '0' ? null : '10',
      typeDate: state === '0' ? null : '2020-01-01',
      state,
      stateDate: state === '2' || state === '3' ? '20250131' : null,
      checkDate: DateTime.fromMillis(nowMs(), { zone: KST_ZONE }).toFormat('yyyy-MM-dd'),
    };
  }
}

/** A one-page PDF naming the invoice (the real one is Popbill's printout of the invoice). */
function invoicePdf(invoice: StoredInvoice): Buffer {
  const text = `Tax invoice ${invoice.mgtKey} NTS ${invoice.ntsConfirmNum} total ${invoice.body.totalAmount} KRW`;
  const stream = `BT /F1 12 Tf 40 780 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = pdf.length;
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets
    .map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`)
    .join('')}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

const refusalBody = (error: Refused) => ({ code: REFUSALS[error.refusal][0], message: error.message });

export async function start(ctx: StandInContext): Promise<StandIn> {
  const sandbox = new PopbillSandbox(ctx.stateDir ? join(ctx.stateDir, 'popbill.json') : undefined);
  const pdfLinks = new Map<string, { mgtKey: string; expiresAt: number }>();

  const answer = async (res: ServerResponse, work: () => unknown) => {
    try {
      sendJson(res, 200, await work());
    } catch (error) {
      if (error instanceof Refused) return sendJson(res, error.status, refusalBody(error));
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'number') return sendJson(res, 400, { code, message: (error as Error).message });
      throw error;
    }
  };

  const api = await listenOnLoopback(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const override = String(req.headers['x-http-method-override'] ?? '');
    const token = /^\/(POPBILL|POPBILL_TEST)\/Token$/.exec(url.pathname);
    if (token && req.method === 'POST') {
      const body = await readText(req);
      return answer(res, () => sandbox.token(req.headers, url.pathname, body));
    }
    if (url.pathname === '/CloseDown' && req.method === 'GET')
      return answer(res, () => {
        sandbox.authorize(req.headers.authorization, '170');
        return sandbox.businessState(url.searchParams.get('CN') ?? '');
      });
    if (url.pathname === '/Taxinvoice' && req.method === 'POST' && override === 'ISSUE') {
      const body = await readFields(req);
      return answer(res, () => {
        sandbox.authorize(req.headers.authorization, '110');
        return sandbox.issue(body);
      });
    }
    const document = /^\/Taxinvoice\/SELL\/([^/]+)$/.exec(url.pathname);
    if (document) {
      const mgtKey = decodeURIComponent(document[1] as string);
      if (req.method === 'GET')
        return answer(res, () => {
          sandbox.authorize(req.headers.authorization, '110');
          const info = sandbox.info(mgtKey);
          if (url.searchParams.get('TG') !== 'PDF') return info;
          const link = randomBytes(16).toString('hex');
          pdfLinks.set(link, { mgtKey, expiresAt: nowMs() + 60_000 });
          return { url: `${ctx.baseUrl}/_local/popbill/pdf?link=${link}` };
        });
      if (req.method === 'POST' && override === 'CANCELISSUE') {
        await readText(req);
        return answer(res, () => {
          sandbox.authorize(req.headers.authorization, '110');
          return sandbox.cancel(mgtKey);
        });
      }
    }
    sendJson(res, 404, { code: -99999999, message: `No such API: ${req.method} ${url.pathname}` });
  });

  ctx.registerLocalEndpoint('GET', '/_local/popbill/pdf', (req, res) => {
    const link = pdfLinks.get(new URL(req.url ?? '/', 'http://localhost').searchParams.get('link') ?? '');
    const invoice =
      link && link.expiresAt > nowMs() && sandbox.invoices.find((one) => one.mgtKey === link.mgtKey);
    if (!invoice) return sendHtml(res, 404, '<h1>This link has expired</h1>');
    res.writeHead(200, {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${invoice.mgtKey}.pdf"`,
      'cache-control': 'no-store',
    });
    res.end(invoicePdf(invoice));
  });
  ctx.registerLocalEndpoint('POST', '/_local/popbill/refuse', async (req, res) => {
    const { code, message } = await readFields(req);
    sandbox.refuseIssues(
      typeof code === 'number' ? { code, message: String(message ?? 'Refused by the stand-in') } : undefined,
    );
    sendJson(res, 200, { refusing: typeof code === 'number' });
  });
  const listed = () =>
    sandbox.invoices.map((invoice) => ({
      mgtKey: invoice.mgtKey,
      ntsConfirmNum: invoice.ntsConfirmNum,
      stateCode: sandbox.stateCode(invoice),
      writeDate: invoice.body.writeDate,
      invoiceeCorpNum: invoice.body.invoiceeCorpNum,
      invoiceeCorpName: invoice.body.invoiceeCorpName,
      modifyCode: invoice.body.modifyCode,
      supplyCostTotal: invoice.body.supplyCostTotal,
      taxTotal: invoice.body.taxTotal,
      totalAmount: invoice.body.totalAmount,
      issuedAt: new Date(invoice.issuedAt).toISOString(),
    }));
  ctx.registerLocalEndpoint('GET', '/_local/popbill.json', (_req, res) =>
    sendJson(res, 200, { invoices: listed(), closedTestNumber: CLOSED_TEST_NUMBER }),
  );
  ctx.registerLocalEndpoint('GET', '/_local/popbill', (_req, res) => {
    const rows = listed()
      .map(
        (one) =>
          `<tr><td>${e(one.issuedAt)}</td><td>${e(one.mgtKey)}</td><td>${e(one.ntsConfirmNum)}</td><td>${e(
            one.stateCode,
          )}</td><td>${e(one.invoiceeCorpName)} ${e(one.invoiceeCorpNum)}</td><td>${e(one.modifyCode ?? '')}</td><td>${e(
            one.supplyCostTotal,
          )} + ${e(one.taxTotal)} = ${e(one.totalAmount)}</td></tr>`,
      )
      .join('');
    sendHtml(
      res,
      200,
      `<!doctype html><meta charset="utf-8"><title>Popbill stand-in</title><h1>Popbill stand-in</h1>
<p>Business numbers that read as closed: ${e(CLOSED_TEST_NUMBER)}, suspended: ${e(SUSPENDED_TEST_NUMBER)}, unregistered: ${e(UNREGISTERED_TEST_NUMBER)}.</p>
<table><tr><th>issued</th><th>MgtKey</th><th>NTS number</th><th>state</th><th>buyer</th><th>modifyCode</th><th>supply + tax = total</th></tr>${rows}</table>`,
    );
  });

  return {
    env: {
      POPBILL_API_URL: api.url,
      POPBILL_AUTH_URL: api.url,
      POPBILL_LINK_ID: LINK_ID,
      POPBILL_SECRET_KEY: SECRET_KEY,
      POPBILL_TEST_BED: 'true',
      TAX_INVOICE_SUPPLIER: JSON.stringify(LOCAL_SUPPLIER),
    },
    secrets: { popbill: { linkId: LINK_ID, secretKey: SECRET_KEY } },
    stop: () => api.close(),
  };
}
