import { afterAll, beforeAll, expect, it } from 'vitest';
import { codeAt } from '../../../functions/core/staff/totp.ts';
import {
  adminStaffInvite,
  adminStaffList,
  adminStaffUpdate,
  staffInvitationAccept,
  staffSecondFactor,
  staffTotpSecret,
} from '../../../shared/api/staff.ts';
import { type CallOptions, call, send } from '../helpers.ts';
import { startIsolatedRuntime } from '../isolated-runtime.ts';
import { operatorToken, serverNow } from '../staff-sign-in.ts';

/**
 * The last active admin stays (issue 27), also when two admins demote each other at the same moment: a
 * runtime of its own, so that its only admins are the seeded operator and the one invited here.
 */
let runtime: Awaited<ReturnType<typeof startIsolatedRuntime>>;
const on = (): CallOptions => ({ baseUrl: runtime.url });

beforeAll(async () => {
  runtime = await startIsolatedRuntime();
}, 90_000);
afterAll(() => runtime?.stop());

it('keeps one admin when two admins demote each other at once', async () => {
  const operator = await operatorToken(on());
  const email = 'second-admin@example.com';
  const invited = await call(
    adminStaffInvite,
    { email, role: 'admin', language: 'en' },
    { ...on(), token: operator },
  );
  expect(invited.status).toBe(200);
  const mails = (await send(new URL('/_local/outbox.json', runtime.url), { method: 'GET' })).body as {
    to: string[];
    links: string[];
  }[];
  const link = new URL(mails.find((mail) => mail.to.includes(email))?.links[0] ?? '');
  const accepted = await call(
    staffInvitationAccept,
    { token: link.searchParams.get('token'), password: 'second-pass1' },
    on(),
  );
  const { secret } = (await call(staffTotpSecret, { ticket: accepted.body.ticket }, on())).body;
  const second = await call(
    staffSecondFactor,
    { ticket: accepted.body.ticket, code: codeAt(secret, await serverNow(on())) },
    on(),
  );
  expect(second.body.recoveryCodes).toHaveLength(10);
  const secondToken = second.body.session.idToken;
  const before = (await call(adminStaffList, {}, { ...on(), token: operator })).body;
  // The list says how many active admins there are: the page offers the last one no change it refuses.
  expect(before.activeAdmins).toBe(2);
  const operatorUid = before.staff.find(
    (member: { email: string }) => member.email === 'operator@cutloom.local',
  ).uid;

  const [demoteSecond, demoteOperator] = await Promise.all([
    call(adminStaffUpdate, { uid: invited.body.result.uid, role: 'viewer' }, { ...on(), token: operator }),
    call(adminStaffUpdate, { uid: operatorUid, role: 'viewer' }, { ...on(), token: secondToken }),
  ]);
  // At most one demotion lands: the other finds the last admin (conflict), loses the transaction to it
  // (conflict), or comes after it from a member who is now a viewer (insufficient_role).
  const landed = [demoteSecond, demoteOperator].filter((answer) => answer.status === 200);
  expect(landed.length).toBeLessThanOrEqual(1);
  for (const refused of [demoteSecond, demoteOperator].filter((answer) => answer.status !== 200))
    expect(['conflict', 'insufficient_role']).toContain(refused.body.error.code);
  const stillAdmin = demoteOperator.status === 200 ? secondToken : operator;
  const after = (await call(adminStaffList, {}, { ...on(), token: stillAdmin })).body;
  const staff = after.staff as { role: string; status: string }[];
  expect(staff.filter((one) => one.role === 'admin' && one.status === 'active')).toHaveLength(
    2 - landed.length,
  );
  expect(after.activeAdmins).toBe(2 - landed.length);
}, 60_000);
