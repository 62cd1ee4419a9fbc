import { timingSafeEqual } from 'node:crypto';
import { DateTime } from 'luxon';
import type { KakaoNoticeRow } from '../../../shared/api/notices.ts';
import { isSiteLanguage, type SiteLanguage } from '../../../shared/languages.ts';
import {
  ALIMTALK_TEMPLATES,
  type AlimtalkKind,
  fillTemplate,
  isAlimtalkKind,
  koreanMobile,
} from '../../../shared/notices/alimtalk-templates.ts';
import type { PlanType, SubscriptionPeriod } from '../../../shared/plans/plan-types.ts';
import { PRODUCT_NAME } from '../../../shared/product.ts';
import { KST_ZONE } from '../../../shared/time/kst.ts';
import type { MeteredUsageType } from '../../../shared/usage/usage-rules.ts';
import { serviceCredentials } from '../adapters/service-credentials.ts';
import { findMessages, SmsError, type StoredMessage, sendAlimtalk } from '../adapters/sms.ts';
import { nowMs } from '../clock.ts';
import {
  ABANDONED_TEXT_MS,
  claimCustomerText,
  getCustomerText,
  listTextsByUser,
  markCustomerText,
  recordTextDelivery,
} from '../data/customer-text-repository.ts';
import { getUser } from '../data/user-repository.ts';
import { PaymentError } from '../errors.ts';
import { logger } from '../logger.ts';
import { CUSTOMER_MAIL_TEXTS } from '../mails/customer-mail-texts.ts';

/**
 * The customer notices by KakaoTalk 알림톡 with the SMS fallback, through SOLAPI (docs/notices.md): sent
 * beside the notice's mail (functions/core/mails/customer-mails.ts, the one place every notice goes
 * out) to a Korean customer with a Korean mobile number, once per event whatever retries the step: the
 * text is claimed before it goes, and a claim whose sender died is first looked for at SOLAPI (by the
 * custom fields every text carries) rather than sent again. Delivery reports are verified with SOLAPI's
 * own record before anything is recorded.
 */

const KO = CUSTOMER_MAIL_TEXTS.ko;

/** The values of the templates' variables, in Korean as the Korean mails write them. */
export const noticeText = {
  plan: (planType: PlanType) => `${PRODUCT_NAME} ${KO.planTypes[planType]}`,
  subscription: (plan: { planType: PlanType; period: SubscriptionPeriod }) =>
    `${PRODUCT_NAME} ${KO.planTypes[plan.planType]} (${KO.periods[plan.period]})`,
  eraser: (usage: MeteredUsageType) => `${PRODUCT_NAME} 사용량 초기화 (${KO.usageTypes[usage]})`,
  date: (ms: number) => DateTime.fromMillis(ms, { zone: KST_ZONE }).toFormat('yyyy년 M월 d일'),
  dateTime: (ms: number) =>
    `${DateTime.fromMillis(ms, { zone: KST_ZONE }).toFormat('yyyy년 M월 d일 HH:mm')} ${KO.kst}`,
};

/** A notice's 알림톡: its template's kind and the values of its variables (the customer's name aside). */
export interface KakaoNotice {
  kind: AlimtalkKind;
  values: Record<string, string>;
}

export type TextOutcome =
  | 'sent'
  | 'sent-before'
  /** SOLAPI could not be reached (or the channel is not set up): the next run of the step sends it. */
  | 'failed'
  /** SOLAPI refused it (a template, a number): recorded as failed, and no retry would help. */
  | 'refused';

/** The business channel and its approved templates' ids (the `alimtalk` secret, docs/deploying.md). */
async function channel(): Promise<{
  pfId: string;
  templateIds: Partial<Record<AlimtalkKind, string>>;
  reportKey: string;
}> {
  const { pfId, templateIds, reportKey } = await serviceCredentials('ALIMTALK_SECRET_ARN', {
    pfId: 'ALIMTALK_PF_ID',
    templateIds: 'ALIMTALK_TEMPLATE_IDS',
    reportKey: 'ALIMTALK_REPORT_KEY',
  });
  return { pfId, templateIds: JSON.parse(templateIds) as Record<AlimtalkKind, string>, reportKey };
}

/**
 * Where a customer's 알림톡 go: a Korean customer (the notices' language is Korean, the templates' only
 * one) with a Korean mobile number, in the form SOLAPI dials; no one else gets one.
 */
export function kakaoNumber(language: SiteLanguage, phone: string | undefined): string | undefined {
  return language === 'ko' ? koreanMobile(phone) : undefined;
}

/**
 * The number an account's notices go to by 알림톡 (its language, else the order's), or undefined when
 * they go by mail only.
 */
export async function accountKakaoNumber(
  uid: string,
  fallbackLanguage: SiteLanguage,
  phone: string | undefined,
): Promise<string | undefined> {
  const user = await getUser(uid);
  return kakaoNumber(isSiteLanguage(user?.uiLanguage) ? user.uiLanguage : fallbackLanguage, phone);
}

/** The custom fields every text carries: SOLAPI keeps them with the message and its reports. */
const fieldsOf = (kind: AlimtalkKind, eventId: string) => ({ noticeKind: kind, eventId });

/** Sends one notice's 알림톡 to a number, once per event (see the module's comment). */
export async function sendKakaoNoticeOnce(input: {
  notice: KakaoNotice;
  eventId: string;
  uid: string;
  to: string;
  customerName: string;
}): Promise<TextOutcome> {
  const { notice, eventId, uid, to } = input;
  const { kind } = notice;
  let settings: Awaited<ReturnType<typeof channel>>;
  try {
    settings = await channel();
  } catch (error) {
    logger.error('The 알림톡 channel is not set up', { kind, eventId, error });
    return 'failed';
  }
  const templateId = settings.templateIds[kind];
  const template = ALIMTALK_TEMPLATES[kind];
  const variables = { 고객명: input.customerName, ...notice.values };
  const filled = fillTemplate(template, variables);
  if (!templateId || 'problem' in filled) {
    logger.error('A 알림톡 cannot be made', {
      kind,
      eventId,
      problem: templateId ? (filled as { problem: string }).problem : 'no approved template id for the kind',
    });
    return 'failed';
  }
  const claim = await claimCustomerText({ kind, eventId, uid, to, templateId, now: nowMs() });
  if (!claim.claimed) return 'sent-before';
  try {
    if (claim.abandoned) {
      const [found] = (await findMessages({ to, since: claim.abandoned.claimedAt - 60_000 })).filter(
        (message) => message.customFields?.noticeKind === kind && message.customFields?.eventId === eventId,
      );
      if (found) {
        await markCustomerText(kind, eventId, {
          status: 'accepted',
          messageId: found.messageId,
          statusCode: found.statusCode ?? '2000',
          at: nowMs(),
        });
        return 'sent';
      }
    }
    const sent = await sendAlimtalk({
      to,
      text: filled.text,
      subject: template.text.split('\n')[0] ?? template.name,
      pfId: settings.pfId,
      templateId,
      variables,
      customFields: fieldsOf(kind, eventId),
    });
    await markCustomerText(kind, eventId, { status: 'accepted', ...sent, statusCode: '2000', at: nowMs() });
    return 'sent';
  } catch (error) {
    if (!(error instanceof SmsError)) throw error;
    if (error.smsCode === undefined) {
      await markCustomerText(kind, eventId, { status: 'unsent', failure: error.message });
      return 'failed';
    }
    logger.error('SOLAPI refused a 알림톡', { kind, eventId, smsCode: error.smsCode, reason: error.message });
    await markCustomerText(kind, eventId, {
      status: 'failed',
      failure: error.message,
      statusCode: error.smsCode,
    });
    return 'refused';
  }
}

/**
 * Whether a notice's 알림톡 is still owed: SOLAPI could not be reached, or its sender died mid-send. A
 * step that runs again for a notice whose mail went sends it then.
 */
export async function textOwed(kind: AlimtalkKind, eventId: string): Promise<boolean> {
  const text = await getCustomerText(kind, eventId);
  return (
    text?.status === 'unsent' || (text?.status === 'sending' && text.claimedAt < nowMs() - ABANDONED_TEXT_MS)
  );
}

/**
 * How a message SOLAPI keeps was delivered: 4000 is received (SOLAPI's status codes: "알림톡/문자 모두
 * 정상처리는 4000번", solapi-nodejs examples/webhooks), by the SMS/LMS fallback when it is marked a
 * replacement; 2000 and 3000 are still on their way; any other code is a failure of both.
 */
export function deliveryOf(
  message: StoredMessage,
): { status: 'kakao' | 'sms' | 'failed'; statusCode: string } | undefined {
  const statusCode = message.statusCode ?? '';
  if (!statusCode || statusCode === '2000' || statusCode === '3000') return undefined;
  if (statusCode === '4000') return { status: message.replacement ? 'sms' : 'kakao', statusCode };
  return { status: 'failed', statusCode };
}

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A delivery report from SOLAPI: refused (AUTHORIZATION) unless its address carries our report key;
 * then each message is read from SOLAPI itself, and its delivery recorded on the notice its custom
 * fields name, once. A message SOLAPI does not know, that is not a notice's, still on its way, or told
 * of before (a replay) records nothing.
 */
export async function recordDeliveryReport(input: {
  key: string;
  messages: readonly { messageId: string }[];
}): Promise<{ recorded: number; ignored: number }> {
  const { reportKey } = await channel();
  if (!sameKey(input.key, reportKey))
    throw new PaymentError('AUTHORIZATION', 'The delivery report does not carry our key');
  let recorded = 0;
  for (const { messageId } of new Map(
    input.messages.map((message) => [message.messageId, message]),
  ).values()) {
    const [stored] = (await findMessages({ messageId })).filter((message) => message.messageId === messageId);
    const kind = stored?.customFields?.noticeKind;
    const eventId = stored?.customFields?.eventId;
    const delivery = stored && deliveryOf(stored);
    if (!delivery || !eventId || !kind || !isAlimtalkKind(kind)) continue;
    const outcome = await recordTextDelivery(kind, eventId, {
      messageId,
      ...delivery,
      at: nowMs(),
      ...(delivery.status === 'failed' && stored.reason ? { failure: stored.reason } : {}),
    });
    if (outcome === 'recorded') recorded += 1;
  }
  return { recorded, ignored: input.messages.length - recorded };
}

/** 010-****-5678: the console shows whose number it was without the whole of it. */
function masked(number: string): string {
  return number.length >= 10 ? `${number.slice(0, 3)}-****-${number.slice(-4)}` : '****';
}

/** An account's texts for the console's user detail, newest first. */
export async function kakaoNoticesForConsole(uid: string): Promise<KakaoNoticeRow[]> {
  return (await listTextsByUser(uid)).map((text) => ({
    kind: text.kind,
    eventId: text.eventId,
    to: masked(text.to),
    status: text.status,
    createdAt: text.createdAt,
    ...(text.reportedAt !== undefined ? { reportedAt: text.reportedAt } : {}),
    ...(text.statusCode ? { statusCode: text.statusCode } : {}),
    ...(text.failure ? { failure: text.failure } : {}),
  }));
}
