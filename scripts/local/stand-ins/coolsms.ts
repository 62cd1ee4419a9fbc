import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nowMs } from '../../../functions/core/clock.ts';
import { fillPath } from '../../../shared/api/define-route.ts';
import { kakaoDeliveryReport } from '../../../shared/api/notices.ts';
import {
  ALIMTALK_KINDS,
  ALIMTALK_TEMPLATES,
  type AlimtalkKind,
  fillTemplate,
} from '../../../shared/notices/alimtalk-templates.ts';
import { escapeHtml as e, listenOnLoopback, readFields, sendHtml, sendJson } from '../http-helpers.ts';
import type { StandIn, StandInContext } from '../stand-in-context.ts';

/**
 * CoolSMS on one machine: the message API v4 (`POST /messages/v4/send`), with its Authorization header
 * checked as CoolSMS checks it, so the production SMS adapter runs unchanged. Messages are not sent
 * anywhere: they go to an outbox shown on /_local/sms (and /_local/sms.json), kept beside the database.
 *
 * The header (coolsms/documents, authentication/api-key.md): `HMAC-SHA256` (or `HMAC-MD5`) `apiKey=…,
 * date=<ISO 8601>, salt=<12 to 64 bytes>, signature=hex(HMAC(secret, date + salt))`, refused with HTTP
 * 403 and `{errorCode, errorMessage}`: InvalidAPIKey (not a key of the account), SignatureDoesNotMatch,
 * RequestTimeTooSkewed (the date more than 15 minutes off the server's time) and DuplicatedSignature (a
 * signature used once already within 15 minutes: the salt must change on every request). A header of
 * another form is refused with 401 (its answer is not documented).
 *
 * A message the service will not take is answered as SOLAPI answers it: HTTP 200 with the message's
 * own `statusCode` other than "2000" and its `statusMessage`, and nothing sent (SOLAPI's API
 * reference, message results; solapi/solapi-nodejs failedMessageList). The sandbox answers so the
 * refusal a deployment meets first: a sender number not registered with the account (1062).
 *
 * KakaoTalk 알림톡 (type ATA, `kakaoOptions {pfId, templateId, variables, disableSms}`): taken only for
 * the business channel's pfId and a template Kakao approved (the product's, shared/notices/
 * alimtalk-templates.ts, under the ids ALIMTALK_TEMPLATE_IDS gives), whose `#{variables}` are exactly
 * the template's and fill it to the message's `text`; anything else is refused (HTTP 400, as SOLAPI
 * refuses a message it cannot send, with our wording: SOLAPI's exact codes for these are not public).
 * A number marked "not on KakaoTalk" (/_local/sms/recipients) gets the text as an SMS or LMS from the
 * registered sender unless `disableSms`, one marked unreachable gets nothing; the message is then
 * recorded as SOLAPI keeps it (GET /messages/v4/list by messageId, or by number since a date: status
 * code 4000 received, `replacement` for the fallback, 3104 not delivered) and its MessageReport posted
 * to the report address the deployment registers (a JSON array of messages; not answered 200, it is
 * sent again, five times in all, as SOLAPI's webhook example says).
 */
const API_KEY = 'sandbox_sms_key';
const API_SECRET = 'sandbox_sms_secret';
const SENDER = '0212345678';
const CLOCK_SKEW_MS = 15 * 60_000;
const UNREGISTERED_SENDER = { statusCode: '1062', statusMessage: '발신번호 미등록' };
/** The sandbox's KakaoTalk business channel, and the ids its approved templates were given. */
const PF_ID = 'KA01PF-SANDBOX-CUTLOOM';
const TEMPLATE_IDS = Object.fromEntries(
  ALIMTALK_KINDS.map((kind) => [kind, `KA01TP-SANDBOX-${kind.toUpperCase()}`]),
) as Record<AlimtalkKind, string>;
const REPORT_KEY = 'sandbox-report-key';
const REPORT_ATTEMPTS = 5;

type Delivery = 'kakao' | 'sms' | 'failed';

/** A message as the sandbox keeps it: SOLAPI's stored message, and how it went. */
interface OutboxMessage {
  messageId: string;
  groupId: string;
  to: string;
  from: string;
  text: string;
  type: 'SMS' | 'LMS' | 'ATA';
  sentAt: string;
  /** 알림톡: the template, and the fallback type that carried it when KakaoTalk could not. */
  templateId?: string;
  fallback?: 'SMS' | 'LMS';
  statusCode?: string;
  status?: 'PENDING' | 'COMPLETE' | 'FAILED';
  reason?: string;
  replacement?: boolean;
  customFields?: Record<string, string>;
  delivery?: Delivery;
}

export interface AuthorizationRefusal {
  status: 401 | 403;
  errorCode: string;
  errorMessage: string;
}

const refused = (errorCode: string, errorMessage: string, status: 401 | 403 = 403) => ({
  status,
  errorCode,
  errorMessage,
});

/**
 * The checks CoolSMS makes on the Authorization header; undefined when it passes. `used` holds the
 * signatures accepted in the last 15 minutes (by the time they were used), which may not come again.
 */
export function authorizationProblem(
  header: string | undefined,
  now: number,
  used: Map<string, number> = new Map(),
): AuthorizationRefusal | undefined {
  for (const [seen, usedAt] of used) if (now - usedAt > CLOCK_SKEW_MS) used.delete(seen);
  const match = /^HMAC-(SHA256|MD5) apiKey=([^,]+), date=([^,]+), salt=([^,]+), signature=([0-9a-f]+)$/.exec(
    header ?? '',
  );
  if (!match) return refused('Unauthorized', 'Invalid Authorization header', 401);
  const [, algorithm, apiKey, date, salt, signature] = match as unknown as string[] as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (apiKey !== API_KEY) return refused('InvalidAPIKey', '유효한 API Key가 아닙니다.');
  const at = Date.parse(date);
  if (!Number.isFinite(at) || Math.abs(at - now) > CLOCK_SKEW_MS)
    return refused('RequestTimeTooSkewed', '시간 값이 서버 시간을 15분 이상 벗어났습니다.');
  const expected = createHmac(algorithm === 'MD5' ? 'md5' : 'sha256', API_SECRET)
    .update(date + salt)
    .digest();
  const given = Buffer.from(signature, 'hex');
  if (!(given.length === expected.length && timingSafeEqual(given, expected)))
    return refused('SignatureDoesNotMatch', '생성한 Signature가 일치하지 않습니다.');
  if (used.has(signature))
    return refused('DuplicatedSignature', '15분 안에 같은 Signature가 사용되었습니다.');
  used.set(signature, now);
  return undefined;
}

/** SMS up to 90 bytes in EUC-KR terms (a Hangul syllable counts 2), LMS above, as CoolSMS decides. */
function messageType(text: string): 'SMS' | 'LMS' {
  const bytes = [...text].reduce((sum, char) => sum + (char.charCodeAt(0) > 0x7f ? 2 : 1), 0);
  return bytes <= 90 ? 'SMS' : 'LMS';
}

interface AlimtalkOptions {
  pfId?: unknown;
  templateId?: unknown;
  variables?: unknown;
  disableSms?: unknown;
}

/** Why the service will not take a 알림톡, or undefined: the channel, the approval, the variables, the text. */
export function alimtalkProblem(text: string, options: AlimtalkOptions | undefined): string | undefined {
  if (options?.pfId !== PF_ID) return '카카오톡 채널(pfId)을 찾을 수 없습니다';
  const kind = ALIMTALK_KINDS.find((candidate) => TEMPLATE_IDS[candidate] === options.templateId);
  if (!kind) return `검수 승인된 템플릿이 아닙니다: ${String(options.templateId)}`;
  const given = (options.variables ?? {}) as Record<string, unknown>;
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(given)) {
    const name = /^#\{([^}.]+)\}$/.exec(key)?.[1];
    if (!name || typeof value !== 'string') return `변수는 #{이름}: 문자열이어야 합니다: ${key}`;
    values[name] = value;
  }
  const filled = fillTemplate(ALIMTALK_TEMPLATES[kind], values);
  if ('problem' in filled) return `템플릿의 변수와 일치하지 않습니다: ${filled.problem}`;
  if (text && text !== filled.text) return '메시지 내용이 승인된 템플릿과 일치하지 않습니다';
  return undefined;
}

export async function start(ctx: StandInContext): Promise<StandIn> {
  const file = ctx.stateDir ? join(ctx.stateDir, 'sms-outbox.json') : undefined;
  const outbox: OutboxMessage[] = file && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
  const usedSignatures = new Map<string, number>();
  /** Numbers a tester marked: not on KakaoTalk (the fallback carries it), or reached by nothing. */
  const notOnKakaoTalk = new Set<string>();
  const unreachable = new Set<string>();
  const reportUrl = `${ctx.baseUrl}${fillPath(kakaoDeliveryReport, { key: REPORT_KEY })}`;
  const save = () => {
    outbox.splice(500);
    if (file) writeFileSync(file, JSON.stringify(outbox, null, 2));
  };

  /** The delivery of a 알림톡 SOLAPI took: KakaoTalk, or the fallback, recorded, then reported. */
  async function deliver(message: OutboxMessage, disableSms: boolean): Promise<void> {
    if (unreachable.has(message.to) || (notOnKakaoTalk.has(message.to) && disableSms)) {
      Object.assign(message, {
        status: 'FAILED',
        statusCode: '3104',
        reason: '카카오톡 미사용자이며 대체 발송 실패',
        delivery: 'failed',
      });
    } else if (notOnKakaoTalk.has(message.to)) {
      Object.assign(message, {
        status: 'COMPLETE',
        statusCode: '4000',
        replacement: true,
        fallback: messageType(message.text),
        delivery: 'sms',
      });
    } else {
      Object.assign(message, { status: 'COMPLETE', statusCode: '4000', delivery: 'kakao' });
    }
    save();
    for (let attempt = 1; attempt <= REPORT_ATTEMPTS; attempt += 1) {
      const answer = await fetch(reportUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify([stored(message)]),
      }).catch(() => undefined);
      await answer?.body?.cancel();
      if (answer?.ok) return;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }

  const stored = (message: OutboxMessage) => ({
    messageId: message.messageId,
    groupId: message.groupId,
    type: message.type,
    to: message.to,
    from: message.from,
    text: message.text,
    status: message.status ?? 'COMPLETE',
    statusCode: message.statusCode ?? '4000',
    reason: message.reason ?? null,
    replacement: Boolean(message.replacement),
    customFields: message.customFields ?? null,
    dateCreated: message.sentAt,
    accountId: 'sandbox',
  });

  const api = await listenOnLoopback(async (req, res) => {
    const refuse = (status: number, errorCode: string, errorMessage: string) =>
      sendJson(res, status, { errorCode, errorMessage });
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const route = `${req.method} ${url.pathname}`;
    if (route !== 'POST /messages/v4/send' && route !== 'GET /messages/v4/list')
      return refuse(404, 'NotFound', 'No such API');
    const problem = authorizationProblem(req.headers.authorization, nowMs(), usedSignatures);
    if (problem) return refuse(problem.status, problem.errorCode, problem.errorMessage);
    if (route === 'GET /messages/v4/list') {
      const messageId = url.searchParams.get('messageId');
      const to = url.searchParams.get('to');
      const since = Date.parse(url.searchParams.get('startDate') ?? '');
      const found = outbox.filter(
        (message) =>
          (!messageId || message.messageId === messageId) &&
          (!to || message.to === to) &&
          (!Number.isFinite(since) || Date.parse(message.sentAt) >= since),
      );
      return sendJson(res, 200, {
        startKey: null,
        nextKey: null,
        limit: Number(url.searchParams.get('limit') ?? 20),
        messageList: Object.fromEntries(found.map((message) => [message.messageId, stored(message)])),
      });
    }
    const { message } = (await readFields(req)) as {
      message?: {
        to?: unknown;
        from?: unknown;
        text?: unknown;
        type?: unknown;
        kakaoOptions?: AlimtalkOptions;
        customFields?: unknown;
      };
    };
    const to = String(message?.to ?? '');
    const from = String(message?.from ?? '');
    const text = String(message?.text ?? '');
    const isAlimtalk = message?.type === 'ATA';
    if (!/^\d{8,15}$/.test(to))
      return refuse(400, 'ValidationError', 'message.to must be a phone number of digits');
    if (!text && !isAlimtalk) return refuse(400, 'ValidationError', 'message.text is required');
    if (isAlimtalk) {
      const refusal = alimtalkProblem(text, message?.kakaoOptions);
      if (refusal) return refuse(400, 'ValidationError', refusal);
    }
    const result = {
      groupId: `G4V${randomBytes(10).toString('hex').toUpperCase()}`,
      messageId: `M4V${randomBytes(10).toString('hex').toUpperCase()}`,
      to,
      from,
      type: isAlimtalk ? ('ATA' as const) : messageType(text),
      country: '82',
      accountId: 'sandbox',
    };
    if (from !== SENDER) return sendJson(res, 200, { ...result, ...UNREGISTERED_SENDER });
    const entry: OutboxMessage = {
      messageId: result.messageId,
      groupId: result.groupId,
      to,
      from,
      text,
      type: result.type,
      sentAt: new Date(nowMs()).toISOString(),
      ...(isAlimtalk
        ? {
            templateId: String(message?.kakaoOptions?.templateId),
            status: 'PENDING' as const,
            statusCode: '2000',
            customFields: (message?.customFields ?? {}) as Record<string, string>,
          }
        : {}),
    };
    outbox.unshift(entry);
    save();
    sendJson(res, 200, {
      ...result,
      statusCode: '2000',
      statusMessage: '정상 접수(이통사로 접수 예정) ',
    });
    if (isAlimtalk) void deliver(entry, message?.kakaoOptions?.disableSms === true);
  });

  ctx.registerLocalEndpoint('GET', '/_local/sms.json', (_req, res) => sendJson(res, 200, outbox));
  ctx.registerLocalEndpoint('POST', '/_local/sms/recipients', async (req, res) => {
    const { to, kakaoTalk, reachable } = (await readFields(req)) as {
      to?: unknown;
      kakaoTalk?: unknown;
      reachable?: unknown;
    };
    const number = String(to ?? '').replace(/\D/g, '');
    if (!number) return sendJson(res, 400, { error: 'to is required' });
    if (kakaoTalk === false) notOnKakaoTalk.add(number);
    else notOnKakaoTalk.delete(number);
    if (reachable === false) unreachable.add(number);
    else unreachable.delete(number);
    sendJson(res, 200, {
      to: number,
      kakaoTalk: !notOnKakaoTalk.has(number),
      reachable: !unreachable.has(number),
    });
  });
  ctx.registerLocalEndpoint('GET', '/_local/sms', (_req, res) => {
    const how = (m: OutboxMessage) =>
      m.type !== 'ATA'
        ? m.type
        : m.delivery === 'sms'
          ? `알림톡 → ${m.fallback} (not on KakaoTalk)`
          : m.delivery === 'failed'
            ? '알림톡, not delivered'
            : m.delivery === 'kakao'
              ? '알림톡 (KakaoTalk)'
              : '알림톡, on its way';
    const rows = outbox
      .map(
        (m) =>
          `<tr><td>${e(m.sentAt)}</td><td>${e(m.to)}</td><td>${e(how(m))}</td><td style="white-space:pre-wrap">${e(m.text)}</td></tr>`,
      )
      .join('');
    sendHtml(
      res,
      200,
      `<!doctype html><html lang="en"><meta charset="utf-8"><title>SMS outbox</title><body style="font:15px/1.5 system-ui;margin:2rem auto;max-width:900px"><h1>SMS outbox</h1><p>Developer sandbox: messages sent through CoolSMS's API (SOLAPI's) land here, 알림톡 included; none leaves this machine. Sender <code>${SENDER}</code>, KakaoTalk channel <code>${PF_ID}</code>. Mark a number not on KakaoTalk (its 알림톡 then falls back to SMS/LMS) with <code>POST /_local/sms/recipients {"to", "kakaoTalk": false}</code>.</p><table style="border-collapse:collapse;width:100%"><tr><th align="left">Sent</th><th align="left">To</th><th align="left">Type</th><th align="left">Text</th></tr>${rows}</table></body></html>`,
    );
  });

  return {
    env: {
      COOLSMS_API_URL: api.url,
      COOLSMS_API_KEY: API_KEY,
      COOLSMS_API_SECRET: API_SECRET,
      COOLSMS_SENDER: SENDER,
      ALIMTALK_PF_ID: PF_ID,
      ALIMTALK_TEMPLATE_IDS: JSON.stringify(TEMPLATE_IDS),
      ALIMTALK_REPORT_KEY: REPORT_KEY,
    },
    secrets: {
      coolsms: { apiKey: API_KEY, apiSecret: API_SECRET },
      alimtalk: { pfId: PF_ID, templateIds: JSON.stringify(TEMPLATE_IDS), reportKey: REPORT_KEY },
    },
    stop: () => api.close(),
  };
}
