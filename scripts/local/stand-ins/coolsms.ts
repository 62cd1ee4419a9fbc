import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nowMs } from '../../../functions/core/clock.ts';
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
 */
const API_KEY = 'sandbox_sms_key';
const API_SECRET = 'sandbox_sms_secret';
const SENDER = '0212345678';
const CLOCK_SKEW_MS = 15 * 60_000;
const UNREGISTERED_SENDER = { statusCode: '1062', statusMessage: '발신번호 미등록' };

interface OutboxMessage {
  messageId: string;
  groupId: string;
  to: string;
  from: string;
  text: string;
  type: 'SMS' | 'LMS';
  sentAt: string;
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

export async function start(ctx: StandInContext): Promise<StandIn> {
  const file = ctx.stateDir ? join(ctx.stateDir, 'sms-outbox.json') : undefined;
  const outbox: OutboxMessage[] = file && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
  const usedSignatures = new Map<string, number>();

  const api = await listenOnLoopback(async (req, res) => {
    const refuse = (status: number, errorCode: string, errorMessage: string) =>
      sendJson(res, status, { errorCode, errorMessage });
    if (req.method !== 'POST' || req.url !== '/messages/v4/send')
      return refuse(404, 'NotFound', 'No such API');
    const problem = authorizationProblem(req.headers.authorization, nowMs(), usedSignatures);
    if (problem) return refuse(problem.status, problem.errorCode, problem.errorMessage);
    const { message } = (await readFields(req)) as {
      message?: { to?: unknown; from?: unknown; text?: unknown };
    };
    const to = String(message?.to ?? '');
    const from = String(message?.from ?? '');
    const text = String(message?.text ?? '');
    if (!/^\d{8,15}$/.test(to))
      return refuse(400, 'ValidationError', 'message.to must be a phone number of digits');
    if (!text) return refuse(400, 'ValidationError', 'message.text is required');
    const result = {
      groupId: `G4V${randomBytes(10).toString('hex').toUpperCase()}`,
      messageId: `M4V${randomBytes(10).toString('hex').toUpperCase()}`,
      to,
      from,
      type: messageType(text),
      country: '82',
      accountId: 'sandbox',
    };
    if (from !== SENDER) return sendJson(res, 200, { ...result, ...UNREGISTERED_SENDER });
    outbox.unshift({
      messageId: result.messageId,
      groupId: result.groupId,
      to,
      from,
      text,
      type: result.type,
      sentAt: new Date(nowMs()).toISOString(),
    });
    outbox.splice(500);
    if (file) writeFileSync(file, JSON.stringify(outbox, null, 2));
    sendJson(res, 200, {
      ...result,
      statusCode: '2000',
      statusMessage: '정상 접수(이통사로 접수 예정) ',
    });
  });

  ctx.registerLocalEndpoint('GET', '/_local/sms.json', (_req, res) => sendJson(res, 200, outbox));
  ctx.registerLocalEndpoint('GET', '/_local/sms', (_req, res) => {
    const rows = outbox
      .map(
        (m) =>
          `<tr><td>${e(m.sentAt)}</td><td>${e(m.to)}</td><td>${e(m.type)}</td><td style="white-space:pre-wrap">${e(m.text)}</td></tr>`,
      )
      .join('');
    sendHtml(
      res,
      200,
      `<!doctype html><html lang="en"><meta charset="utf-8"><title>SMS outbox</title><body style="font:15px/1.5 system-ui;margin:2rem auto;max-width:900px"><h1>SMS outbox</h1><p>Developer sandbox: messages sent through CoolSMS's API land here; none leaves this machine. Sender <code>${SENDER}</code>.</p><table style="border-collapse:collapse;width:100%"><tr><th align="left">Sent</th><th align="left">To</th><th align="left">Type</th><th align="left">Text</th></tr>${rows}</table></body></html>`,
    );
  });

  return {
    env: {
      COOLSMS_API_URL: api.url,
      COOLSMS_API_KEY: API_KEY,
      COOLSMS_API_SECRET: API_SECRET,
      COOLSMS_SENDER: SENDER,
    },
    secrets: { coolsms: { apiKey: API_KEY, apiSecret: API_SECRET } },
    stop: () => api.close(),
  };
}
