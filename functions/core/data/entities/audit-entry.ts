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
        /** The month's chain it is in (1 to CHAIN_LANES): absent on entries written before the chains. */
        chainLane: { type: 'number', readOnly: true },
        /** Its place in that chain (1, 2, …). */
        chainSeq: { type: 'number', readOnly: true },
        /** The hash of the month's entry before it (functions/core/data/audit-chain.ts). */
        prevHash: { type: 'string', readOnly: true },
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

/**
 * The head of one of a KST month's chains of audit entries (functions/core/data/audit-chain.ts): the last
 * entry's place and hash. Written in the transaction of every entry of the chain, on the condition that
 * it is still the head the entry was chained to, so two entries written at once never take one place
 * (functions/core/data/audit-trail-repository.ts). It lives in the month's partition, which the functions'
 * IAM policy lets no one update nor delete; gsi1 lists the months that have chains (the check reads them).
 */
export const AuditChainHead = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'auditChainHead', version: '1', service: ENTITY_SERVICE },
      attributes: {
        auditMonth: { type: 'string', required: true, readOnly: true },
        lane: { type: 'number', required: true, readOnly: true },
        /** Always `audit`: the one partition of gsi1 the months are listed in. */
        chain: { type: ['audit'] as const, required: true, default: 'audit', readOnly: true },
        seq: { type: 'number', required: true },
        hash: { type: 'string', required: true },
        entryId: { type: 'string', required: true },
        at: { type: 'number', required: true },
      },
      indexes: {
        byMonth: { pk: { field: 'pk', composite: ['auditMonth'] }, sk: { field: 'sk', composite: ['lane'] } },
        months: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['chain'] },
          sk: { field: 'gsi1sk', composite: ['auditMonth', 'lane'] },
        },
      },
    }),
);
export type AuditChainHeadItem = EntityItem<ReturnType<typeof AuditChainHead>>;

/**
 * A break of the chain the chain check listed on the attention page (one per month and place), kept so
 * that a break found again every day, which no one can repair (entries are never rewritten), is listed
 * once, also after an operator dismissed its case.
 */
export const AuditChainFinding = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'auditChainFinding', version: '1', service: ENTITY_SERVICE },
      attributes: {
        caseId: { type: 'string', required: true, readOnly: true },
        foundAt: { type: 'number', required: true, readOnly: true },
      },
      indexes: {
        byCase: { pk: { field: 'pk', composite: ['caseId'] }, sk: { field: 'sk', composite: [] } },
      },
    }),
);
