import { Entity, type EntityItem } from 'electrodb';
import { AUDIT_OUTCOMES } from '../../../../shared/audit/audit-trail.ts';
import { STAFF_ROLES } from '../../../../shared/staff/staff-roles.ts';
import { ENTITY_SERVICE, lazyEntity } from '../entity-service.ts';

/**
 * One record of the audit trail (issue 27): who (staff uid, e-mail, role), what (the route's name or the
 * sign-in event, the target's ids), the fields before and after (JSON), when, the request id and the
 * source address. Written once, by audit-trail-repository.ts alone, and never updated nor deleted (no TTL
 * either). Its four access patterns use the table's overloaded indexes, each sorted by time:
 * the KST month (base table), the staff member (gsi1), the primary target (gsi2, sparse: only entries with a target have its keys), the kind (gsi3).
 */
export const AuditEntry = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'auditEntry', version: '1', service: ENTITY_SERVICE },
      attributes: {
        entryId: { type: 'string', required: true, readOnly: true },
        at: { type: 'number', required: true, readOnly: true },
        /** The KST month of `at` (`2026-11`): the partition of the period list. */
        auditMonth: { type: 'string', required: true, readOnly: true },
        /** The admin route's name, or a sign-in event (shared/audit/audit-trail.ts AUDIT_EVENTS). */
        kind: { type: 'string', required: true, readOnly: true },
        outcome: { type: AUDIT_OUTCOMES, required: true, readOnly: true },
        /** The catalogue code a refused or failed call answered. */
        errorCode: { type: 'string', readOnly: true },
        staffUid: { type: 'string', required: true, readOnly: true },
        staffEmail: { type: 'string', required: true, readOnly: true },
        staffRole: { type: STAFF_ROLES, readOnly: true },
        /** The id the entry is listed under for its target (the account's uid where there is one). */
        targetId: { type: 'string', readOnly: true },
        /** `at`, kept only beside a targetId: the target index's sort key (absent both, the entry is not in it). */
        targetAt: { type: 'number', readOnly: true },
        /** Every id the call named, `name:value`. */
        targetIds: { type: 'list', items: { type: 'string' }, readOnly: true },
        before: { type: 'string', readOnly: true },
        after: { type: 'string', readOnly: true },
        requestId: { type: 'string', readOnly: true },
        sourceAddress: { type: 'string', readOnly: true },
      },
      indexes: {
        byMonth: {
          pk: { field: 'pk', composite: ['auditMonth'] },
          sk: { field: 'sk', composite: ['at', 'entryId'] },
        },
        byStaff: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['staffUid'] },
          sk: { field: 'gsi1sk', composite: ['at', 'entryId'] },
        },
        byTarget: {
          index: 'gsi2',
          pk: { field: 'gsi2pk', composite: ['targetId'] },
          sk: { field: 'gsi2sk', composite: ['targetAt'] },
        },
        byKind: {
          index: 'gsi3',
          pk: { field: 'gsi3pk', composite: ['kind'] },
          sk: { field: 'gsi3sk', composite: ['at', 'entryId'] },
        },
      },
    }),
);
export type AuditEntryItem = EntityItem<ReturnType<typeof AuditEntry>>;
