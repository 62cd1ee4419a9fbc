import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importsOf, sources } from '../../../scripts/import-graph.ts';
import { AUDIT_PARTITION_PREFIX, auditChanges } from '../../../shared/audit/audit-trail.ts';
import { AuditChainHead, AuditEntry } from '../data/entities/audit-entry.ts';
import { idsNamed, recordedInput } from './audit-recorder.ts';

/**
 * The audit trail is written by its recorder alone and never edited nor removed (issue 27): only the
 * audit trail's repository (and the all-entities service of tests and scripts) joins the entity, and the
 * repository has no update, patch, delete, remove nor upsert of it. Its partition keys are those the
 * functions' IAM policy refuses to update or delete (infra/bundling.ts).
 */
const ENTITY = 'functions/core/data/entities/audit-entry.ts';
const REPOSITORY = 'functions/core/data/audit-trail-repository.ts';

describe('the audit trail', () => {
  it('is joined by its repository alone', () => {
    const joiners = [...sources('functions'), ...sources('events'), ...sources('scripts')].filter((file) =>
      importsOf(file).includes(ENTITY),
    );
    expect(joiners.sort()).toEqual([REPOSITORY, 'functions/core/data/service.ts'].sort());
  });

  it('has no way to change or remove an entry in its repository', () => {
    const text = readFileSync(REPOSITORY, 'utf8');
    expect(text).not.toMatch(/auditEntry\s*\.\s*(update|patch|delete|remove|upsert|put)\b/);
    expect(text).toMatch(/auditEntry\s*\.\s*create\(/);
    // The chain's head moves by a conditional put of the next place, never by an update or a delete.
    expect(text).not.toMatch(/auditChainHead\s*\.\s*(update|patch|delete|remove|upsert)\b/);
  });

  it('keys its entries under the partition prefix the IAM policy guards', () => {
    const params = AuditEntry()
      .create({
        entryId: 'e',
        at: 1_795_000_000_000,
        auditMonth: '2026-11',
        kind: 'k',
        outcome: 'done',
        staffUid: 'u',
        staffEmail: 'u@example.com',
        targetIds: [],
      })
      .params({ table: 'test-table' }) as { Item: { pk: string } };
    expect(params.Item.pk.startsWith(AUDIT_PARTITION_PREFIX)).toBe(true);
    // The month's chain head too: no function may update or delete it either.
    const head = AuditChainHead()
      .put({ auditMonth: '2026-11', lane: 1, seq: 1, hash: 'h', entryId: 'e', at: 1_795_000_000_000 })
      .params({ table: 'test-table' }) as { Item: { pk: string } };
    expect(head.Item.pk).toBe(params.Item.pk);
  });

  it('records the ids a call names, the account first, and hides credentials', () => {
    expect(idsNamed({ configId: 'c1' }, { result: { uid: 'u1' } })).toEqual(['uid:u1', 'configId:c1']);
    expect(recordedInput({ info: { email: 'a@b.c', password: 'p' }, cursor: 'x' })).toEqual({
      info: { email: 'a@b.c', password: '(hidden)' },
    });
    // A refund's bank account is written as it is shown everywhere: its last three digits.
    expect(
      recordedInput({
        uid: 'u1',
        refundAccount: { bankCode: '88', accountNumber: '110-123-456890', holder: '홍' },
      }),
    ).toEqual({ uid: 'u1', refundAccount: { bankCode: '88', accountNumber: '***-***-890', holder: '홍' } });
  });

  it('shows the fields that changed, with their values before and after', () => {
    expect(auditChanges('{"name":"a","value":"1"}', '{"name":"a","value":"2"}')).toEqual([
      { field: 'value', before: '"1"', after: '"2"' },
    ]);
    expect(auditChanges(undefined, '{"role":"viewer"}')).toEqual([{ field: 'role', after: '"viewer"' }]);
  });
});
