import { describe, expect, it } from 'vitest';
import { auditEntriesOfStaff } from '../../../functions/core/data/audit-trail-repository.ts';
import { adminAuditList } from '../../../shared/api/audit.ts';
import { adminConfigCreate, adminConfigUpdate } from '../../../shared/api/configs.ts';
import { ROUTES } from '../../../shared/api/routes.ts';
import { isStaffWrite } from '../../../shared/staff/staff-roles.ts';
import { call, staffSession, uniqueId } from '../helpers.ts';
import { genericInput, routeInputs } from '../identity/admin-route-inputs.ts';

/**
 * The audit trail (issue 27): every staff write leaves a record, whatever the route and whatever its
 * answer, so a route added later without thought is caught here; the record of a change made in one
 * transaction lands with it or not at all; a refused role is recorded; the list filters.
 */
const period = { fromMs: Date.now() - 3600_000, toMs: Date.now() + 3600_000 };

async function entriesOf(uid: string) {
  return (await auditEntriesOfStaff(uid, period).read({ cursor: null, limit: 100 })).data;
}

describe('the audit trail', () => {
  const writes = ROUTES.filter(isStaffWrite);

  it('has staff writes to check, and leaves the reads out', () => {
    expect(writes.length).toBeGreaterThan(30);
    expect(writes.map((route) => route.name)).not.toContain('adminUserList');
  });

  it.each(writes.map((route) => [route.name, route] as const))(
    '%s leaves a record of who called it, when, from where',
    async (name, route) => {
      const staff = await staffSession('admin');
      const answer = await call(route, { ...genericInput, ...routeInputs[name]?.() }, { token: staff.token });
      const entries = await entriesOf(staff.uid);
      expect(entries.map((entry) => entry.kind)).toEqual([name]);
      const [entry] = entries;
      expect(entry).toMatchObject({
        staffEmail: staff.email,
        staffRole: 'admin',
        outcome: answer.status === 200 ? 'done' : expect.stringMatching(/^(refused|failed)$/),
        sourceAddress: '127.0.0.1',
      });
      expect(entry?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    },
  );

  it('keeps the fields before and after a change made in one transaction, and nothing of one refused', async () => {
    const staff = await staffSession('admin');
    const name = uniqueId('audited');
    const created = await call(adminConfigCreate, { name, value: 'first' }, { token: staff.token });
    const configId = created.body.configId;
    await call(adminConfigUpdate, { id: configId, name, value: 'second' }, { token: staff.token });
    // The same name again: the transaction refuses it, with its record.
    const again = await call(adminConfigCreate, { name, value: 'third' }, { token: staff.token });
    expect(again.body.error.code).toBe('conflict');

    const listed = await call(adminAuditList, { staff: staff.email }, { token: staff.token });
    expect(listed.status).toBe(200);
    const [refused, updated, made] = listed.body.entries;
    expect(made).toMatchObject({ kind: 'adminConfigCreate', outcome: 'done', targetId: configId });
    expect(updated).toMatchObject({
      kind: 'adminConfigUpdate',
      outcome: 'done',
      targetId: configId,
      changes: [{ field: 'value', before: '"first"', after: '"second"' }],
    });
    expect(refused).toMatchObject({ kind: 'adminConfigCreate', outcome: 'refused', errorCode: 'conflict' });
    expect(listed.body.entries).toHaveLength(3);

    const byTarget = await call(
      adminAuditList,
      { target: configId, kind: 'adminConfigUpdate' },
      { token: staff.token },
    );
    expect(byTarget.body.entries.map((entry: { entryId: string }) => entry.entryId)).toEqual([
      updated.entryId,
    ]);
    const firstPage = await call(adminAuditList, { staff: staff.uid, limit: 1 }, { token: staff.token });
    expect(firstPage.body.entries).toHaveLength(1);
    const rest = await call(
      adminAuditList,
      { staff: staff.uid, cursor: firstPage.body.cursor },
      { token: staff.token },
    );
    expect(rest.body.entries.map((entry: { entryId: string }) => entry.entryId)).toEqual([
      updated.entryId,
      made.entryId,
    ]);
  });

  it('records a write a role may not make, refused', async () => {
    const viewer = await staffSession('viewer');
    const answer = await call(
      adminConfigCreate,
      { name: uniqueId('nope'), value: 'x' },
      { token: viewer.token },
    );
    expect(answer).toMatchObject({ status: 403, body: { error: { code: 'insufficient_role' } } });
    expect(await entriesOf(viewer.uid)).toMatchObject([
      { kind: 'adminConfigCreate', outcome: 'refused', errorCode: 'insufficient_role', staffRole: 'viewer' },
    ]);
  });
});
