import { createHmac, randomBytes } from 'node:crypto';
import * as z from 'zod';
import { nowMs } from '../clock.ts';
import { PaymentError } from '../errors.ts';
import { logger } from '../logger.ts';
import { environment, requiredEnvironment } from '../settings.ts';
import { exchange } from './outside-http.ts';
import { serviceCredentials } from './service-credentials.ts';

/**
 * Text messages (the virtual-account notice) through CoolSMS's message API v4:
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
  const { apiKey, apiSecret } = await serviceCredentials('COOLSMS_SECRET_ARN', {
    apiKey: 'COOLSMS_API_KEY',
    apiSecret: 'COOLSMS_API_SECRET',
  });
  const from = input.from ?? requiredEnvironment('COOLSMS_SENDER');
  const url = `${(environment('COOLSMS_API_URL') ?? DEFAULT_API_URL).replace(/\/$/, '')}/messages/v4/send`;
  let answer: { status: number; body: unknown };
  try {
    answer = await exchange(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: coolsmsAuthorization(apiKey, apiSecret, new Date(nowMs())),
      },
      body: JSON.stringify({ message: { to: smsNumber(input.to), from: smsNumber(from), text: input.text } }),
    });
  } catch (error) {
    logger.warn('SMS service unreachable', { error });
    throw new SmsError(`The SMS service is unreachable (${(error as Error).message})`, undefined);
  }
  const sent = Sent.safeParse(answer.body);
  if (answer.status === 200 && sent.success) {
    const { messageId, statusCode, statusMessage } = sent.data;
    if (statusCode === SMS_ACCEPTED) return { messageId };
    throw new SmsError(
      statusMessage?.trim() || `The SMS service did not accept the message (${statusCode})`,
      statusCode,
    );
  }
  const refused = Refused.safeParse(answer.body);
  if (!refused.success) throw new SmsError(`The SMS service answered HTTP ${answer.status}`, undefined);
  const { errorCode, errorMessage } = refused.data;
  if ((SMS_AUTHENTICATION_CODES as readonly string[]).includes(errorCode)) {
    logger.error('The SMS service refused our credentials', { smsCode: errorCode, status: answer.status });
  } else {
    logger.warn('The SMS service refused the message', { smsCode: errorCode, status: answer.status });
  }
  throw new SmsError(errorMessage, errorCode);
}
