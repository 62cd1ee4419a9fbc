import * as z from 'zod';
import { ALIMTALK_KINDS } from '../notices/alimtalk-templates.ts';
import { defineRoute } from './define-route.ts';

/**
 * The customer notices' KakaoTalk 알림톡 (docs/notices.md): SOLAPI's delivery reports come back to a
 * route of their own; the console's user detail lists each account's texts.
 */

/** A 알림톡 as the console's user detail shows it: which notice, when, to which number, how it stands. */
export const KakaoNoticeRowSchema = z.object({
  kind: z.enum(ALIMTALK_KINDS),
  eventId: z.string(),
  /** The number, masked (010-****-5678). */
  to: z.string(),
  status: z.enum(['sending', 'unsent', 'accepted', 'kakao', 'sms', 'failed']),
  createdAt: z.number(),
  reportedAt: z.number().optional(),
  statusCode: z.string().optional(),
  failure: z.string().optional(),
});
export type KakaoNoticeRow = z.infer<typeof KakaoNoticeRowSchema>;

/** One message of a report, as SOLAPI posts it: the rest of it is a claim, checked with SOLAPI. */
const ReportedMessage = z.looseObject({ messageId: z.string().min(1).max(64) });

export const kakaoDeliveryReport = defineRoute({
  name: 'kakaoDeliveryReport',
  service: 'payment',
  method: 'POST',
  path: '/kakao-delivery-report/{key}',
  caller: 'public',
  summary:
    "SOLAPI's MessageReport webhook (a JSON array of messages): the key in the address is the one " +
    'registered with SOLAPI (else AUTHORIZATION); each message is looked up at SOLAPI (the report is ' +
    'never trusted) and its delivery recorded on the notice it carries in its custom fields, once: a ' +
    'replay, a message still on its way or not ours records nothing',
  request: z.object({
    key: z.string().min(1).max(128),
    messages: z.array(ReportedMessage).min(1).max(100),
  }),
  arrayBody: 'messages',
  response: z.object({ recorded: z.number().int(), ignored: z.number().int() }),
  handler: 'notices/kakao-delivery-report',
  grants: ['table:read', 'table:write', 'sms:send'],
});

export const noticeRoutes = [kakaoDeliveryReport] as const;
