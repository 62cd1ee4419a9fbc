import { createHmac, randomBytes } from 'node:crypto';
import * as z from 'zod';
import { nowMs } from '../clock.ts';
import { PaymentError } from '../errors.ts';
import { logger } from '../logger.ts';
import { environment, requiredEnvironment } from '../settings.ts';
import { exchange } from './outside-http.ts';
import { serviceCredentials } from './service-credentials.ts';

/**
 * Text messages (the order page's virtual-account text, the customer notices' 알림톡) through CoolSMS's
 * message API v4 (SOLAPI's):
 * `POST {COOLSMS_API_URL}/messages/v4/send` with `{message: {to, from, text}}`, signed with the header
 * `Authorization: HMAC-SHA256 apiKey=…, date=…, salt=…, signature=hex(HMAC-SHA256(secret, date + salt))`.
 * CoolSMS picks SMS or LMS from the text's length. An HTTP 200 is not yet an acceptance: the answer
 * carries the message's own `statusCode`, "2000" when the service took it (정상 접수) and another code
 * (with its `statusMessage`) when it refused it, as SOLAPI's API reference shows for every message
 * result and solapi/solapi-nodejs treats (failedMessageList, MessageNotReceivedError); a refused
 * message is never sent. Configuration: COOLSMS_API_URL (default
 * https://api.coolsms.co.kr), COOLSMS_SENDER (the registered sender number), and COOLSMS_API_KEY with
 * COOLSMS_API_SECRET, or in AWS COOLSMS_SECRET_ARN (JSON {apiKey, apiSecret}).
 */
const DEFAULT_API_URL = 'https://api.coolsms.co.kr';

/** A text the SMS service did not take: SMS_FAILED of the catalogue, with the service's own code. */
export class SmsError extends PaymentError {
  constructor(
    message: string,
    readonly smsCode: string | undefined,
  ) {
    super('SMS_FAILED', message, smsCode ? { smsCode } : {});
  }
}

/**
 * The service's refusals of our Authorization header (HTTP 403; coolsms/documents,
 * authentication/api-key.md): a key or secret not the account's, or a clock more than 15 minutes off,
 * or a salt used twice. None is the message's fault: each is logged as an error for whoever deploys.
 */
export const SMS_AUTHENTICATION_CODES = [
  'InvalidAPIKey',
  'SignatureDoesNotMatch',
  'RequestTimeTooSkewed',
  'DuplicatedSignature',
] as const;

const Sent = z.looseObject({
  messageId: z.string(),
  groupId: z.string(),
  statusCode: z.string(),
  statusMessage: z.string().optional(),
});
/** The one per-message status of a message the service took for sending. */
export const SMS_ACCEPTED = '2000';
const Refused = z.looseObject({ errorCode: z.string(), errorMessage: z.string() });

/** The Authorization header CoolSMS checks: an HMAC of the date and a fresh salt. */
export function coolsmsAuthorization(apiKey: string, apiSecret: string, date: Date): string {
  const iso = date.toISOString();
  const salt = randomBytes(16).toString('hex');
  const signature = createHmac('sha256', apiSecret)
    .update(iso + salt)
    .digest('hex');
  return `HMAC-SHA256 apiKey=${apiKey}, date=${iso}, salt=${salt}, signature=${signature}`;
}

/** Digits only, as CoolSMS wants numbers (010-1234-5678 -> 01012345678). */
export function smsNumber(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** Sends one text; answers CoolSMS's message id. The sender defaults to COOLSMS_SENDER. */
export async function sendSms(input: {
  to: string;
  text: string;
  from?: string;
}): Promise<{ messageId: string }> {
  const from = input.from ?? requiredEnvironment('COOLSMS_SENDER');
  return sendMessage({ to: smsNumber(input.to), from: smsNumber(from), text: input.text });
}

/**
 * A KakaoTalk 알림톡 (message type ATA, SOLAPI's API reference "sendSimpleMessage"; solapi-nodejs
 * `KakaoOption`): the business channel `pfId`, the approved template's id and its variables keyed
 * `#{name}`; `disableSms: false` has SOLAPI send the text as an SMS or LMS from our registered sender
 * when KakaoTalk cannot deliver it (not a KakaoTalk user, the channel blocked). `text` is the template
 * filled, which SOLAPI checks against the template and uses for the fallback; `customFields` come back
 * with the message in SOLAPI's records and its delivery report.
 */
export async function sendAlimtalk(input: {
  to: string;
  text: string;
  subject: string;
  pfId: string;
  templateId: string;
  variables: Readonly<Record<string, string>>;
  customFields: Readonly<Record<string, string>>;
}): Promise<{ messageId: string; groupId: string }> {
  return sendMessage({
    to: smsNumber(input.to),
    from: smsNumber(requiredEnvironment('COOLSMS_SENDER')),
    type: 'ATA',
    text: input.text,
    subject: input.subject,
    kakaoOptions: {
      pfId: input.pfId,
      templateId: input.templateId,
      variables: Object.fromEntries(
        Object.entries(input.variables).map(([name, value]) => [`#{${name}}`, value]),
      ),
      disableSms: false,
    },
    customFields: input.customFields,
  });
}

/** A message as SOLAPI keeps it (GET /messages/v4/list; solapi-nodejs `storedMessage.ts`). */
export const StoredMessage = z.looseObject({
  messageId: z.string(),
  type: z.string().nullish(),
  to: z.string().nullish(),
  status: z.string().nullish(),
  statusCode: z.string().nullish(),
  reason: z.string().nullish(),
  /** Sent by the SMS or LMS fallback, KakaoTalk having failed to deliver it. */
  replacement: z.boolean().nullish(),
  customFields: z.record(z.string(), z.string()).nullish(),
  dateCreated: z.string().nullish(),
});
export type StoredMessage = z.infer<typeof StoredMessage>;
const MessageList = z.looseObject({ messageList: z.record(z.string(), z.unknown()).nullish() });

/**
 * SOLAPI's own record of messages (GET /messages/v4/list): by its id (a delivery report's claim is
 * checked against it), or those sent to a number since a time (a text whose sender died before
 * recording SOLAPI's answer is found there by its custom fields, instead of being sent again).
 */
export async function findMessages(
  filter: { messageId: string } | { to: string; since: number },
): Promise<StoredMessage[]> {
  const query: Record<string, string> =
    'messageId' in filter
      ? { messageId: filter.messageId }
      : {
          to: smsNumber(filter.to),
          dateType: 'CREATED',
          startDate: new Date(filter.since).toISOString(),
          limit: '100',
        };
  const answer = await solapiCall('GET', `/messages/v4/list?${new URLSearchParams(query)}`);
  const list = MessageList.safeParse(answer.body);
  if (answer.status !== 200 || !list.success) throw smsRefusal(answer);
  return Object.values(list.data.messageList ?? {}).flatMap((item) => {
    const message = StoredMessage.safeParse(item);
    return message.success ? [message.data] : [];
  });
}

async function sendMessage(
  message: Record<string, unknown>,
): Promise<{ messageId: string; groupId: string }> {
  const answer = await solapiCall('POST', '/messages/v4/send', { message });
  const sent = Sent.safeParse(answer.body);
  if (answer.status === 200 && sent.success) {
    const { messageId, groupId, statusCode, statusMessage } = sent.data;
    if (statusCode === SMS_ACCEPTED) return { messageId, groupId };
    throw new SmsError(
      statusMessage?.trim() || `The SMS service did not accept the message (${statusCode})`,
      statusCode,
    );
  }
  throw smsRefusal(answer);
}

/** One signed call to the service; an unreachable service is an SmsError without a code. */
async function solapiCall(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const { apiKey, apiSecret } = await serviceCredentials('COOLSMS_SECRET_ARN', {
    apiKey: 'COOLSMS_API_KEY',
    apiSecret: 'COOLSMS_API_SECRET',
  });
  const url = `${(environment('COOLSMS_API_URL') ?? DEFAULT_API_URL).replace(/\/$/, '')}${path}`;
  try {
    return await exchange(url, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        authorization: coolsmsAuthorization(apiKey, apiSecret, new Date(nowMs())),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (error) {
    logger.warn('SMS service unreachable', { error });
    throw new SmsError(`The SMS service is unreachable (${(error as Error).message})`, undefined);
  }
}

/** The service's refusal of a call: its error code and message, logged by whose fault it is. */
function smsRefusal(answer: { status: number; body: unknown }): SmsError {
  const refused = Refused.safeParse(answer.body);
  if (!refused.success) return new SmsError(`The SMS service answered HTTP ${answer.status}`, undefined);
  const { errorCode, errorMessage } = refused.data;
  if ((SMS_AUTHENTICATION_CODES as readonly string[]).includes(errorCode)) {
    logger.error('The SMS service refused our credentials', { smsCode: errorCode, status: answer.status });
  } else {
    logger.warn('The SMS service refused the message', { smsCode: errorCode, status: answer.status });
  }
  return new SmsError(errorMessage, errorCode);
}
