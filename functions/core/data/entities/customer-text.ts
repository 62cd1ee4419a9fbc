import { Entity, type EntityItem } from 'electrodb';
import { ALIMTALK_KINDS } from '../../../../shared/notices/alimtalk-templates.ts';
import { ENTITY_SERVICE, lazyEntity } from '../entity-service.ts';
import { retentionTtlAttribute } from './order-attributes.ts';

/**
 * Where a 알림톡 stands (functions/core/notices/kakao-notices.ts): `sending` while claimed; `unsent` when
 * the SMS service could not be reached (the next run of its step sends it); `accepted` once SOLAPI took
 * it; then, as its delivery report tells, `kakao` (delivered by KakaoTalk), `sms` (KakaoTalk could not
 * deliver it: the SMS or LMS fallback was) or `failed` (neither; or SOLAPI refused it outright).
 */
export const CUSTOMER_TEXT_STATUSES = ['sending', 'unsent', 'accepted', 'kakao', 'sms', 'failed'] as const;
export type CustomerTextStatus = (typeof CUSTOMER_TEXT_STATUSES)[number];

/**
 * The 알림톡 of one customer notice, keyed by its kind and the event it tells of (the same event ids as
 * the notice's mail), claimed before it is sent so that a retried or concurrent step texts once; then
 * what SOLAPI answered and what its delivery report said. Listed by account on the console's user detail.
 */
export const CustomerText = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'customerText', version: '1', service: ENTITY_SERVICE },
      attributes: {
        kind: { type: ALIMTALK_KINDS, required: true, readOnly: true },
        eventId: { type: 'string', required: true, readOnly: true },
        uid: { type: 'string', required: true, readOnly: true },
        /** The number it went to, as SOLAPI dials it (01012345678). */
        to: { type: 'string', required: true },
        templateId: { type: 'string', required: true },
        status: { type: CUSTOMER_TEXT_STATUSES, required: true },
        /** The first claim: the order of the account's list. */
        createdAt: { type: 'number', required: true, readOnly: true, padding: { length: 15, char: '0' } },
        claimedAt: { type: 'number', required: true },
        attempts: { type: 'number', required: true },
        messageId: { type: 'string' },
        groupId: { type: 'string' },
        acceptedAt: { type: 'number' },
        /** SOLAPI's status code of the message (2000 accepted, 4000 received, others a failure). */
        statusCode: { type: 'string' },
        reportedAt: { type: 'number' },
        failure: { type: 'string' },
        ttl: retentionTtlAttribute,
      },
      indexes: {
        byEvent: { pk: { field: 'pk', composite: ['kind', 'eventId'] }, sk: { field: 'sk', composite: [] } },
        byUser: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['uid'] },
          sk: { field: 'gsi1sk', composite: ['createdAt'] },
        },
      },
    }),
);
export type CustomerTextItem = EntityItem<ReturnType<typeof CustomerText>>;
