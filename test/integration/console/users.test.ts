import { describe, expect, it } from 'vitest';
import { EMAIL_IN_USE } from '../../../functions/core/users/admin-users.ts';
import {
  adminGeneratePasswordResetLink,
  adminSendVerifyingEmail,
  adminVerifyEmail,
  signUp,
} from '../../../shared/api/identity.ts';
import { adminJobStatus } from '../../../shared/api/jobs.ts';
import {
  adminBulkUserCreate,
  adminUserCreate,
  adminUserInfo,
  adminUserList,
  adminUserPreregistration,
} from '../../../shared/api/users.ts';
import { adminToken, call, uniqueId } from '../helpers.ts';
import { signInAs, signUpInput } from '../identity/accounts.ts';
import { finishedJob } from './jobs.ts';

/** The console's users calls over HTTP: search, detail, preregistration, creation one by one and in bulk. */
function info(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Console Made',
    email: `${uniqueId('made')}@example.com`,
    password: 'made-pass1',
    language: 'ko',
    assistEmail: 'sales@example.com',
    referralType: '',
    referralCode: '',
    ...overrides,
  };
}

describe('creating an account in the console', () => {
  it('creates a verified account that signs in, with the operator recorded; refuses a taken address and bad fields', async () => {
    const token = await adminToken();
    const account = info();
    const created = await call(adminUserCreate, { info: account }, { token });
    expect(created.status).toBe(200);
    const uid = created.body.result.uid as string;
    expect((await signInAs(account)).status).toBe(200);

    const detail = await call(adminUserInfo, { uid }, { token });
    expect(detail.body).toMatchObject({
      user: {
        uid,
        email: account.email,
        emailVerified: true,
        assistEmail: 'sales@example.com',
        clientType: 'console',
        providers: ['password'],
      },
      preregistration: null,
      userActivities: [
        {
          action: 'user.create',
          desc: 'created for sales@example.com',
          operatorEmail: 'operator@example.com',
        },
      ],
    });

    expect(
      await call(adminUserCreate, { info: { ...account, email: account.email.toUpperCase() } }, { token }),
    ).toMatchObject({
      status: 409,
      body: { error: { code: 'conflict' } },
    });
    const bad = await call(
      adminUserCreate,
      { info: info({ password: 'short', referralCode: 'X' }) },
      { token },
    );
    expect(bad).toMatchObject({ status: 400, body: { error: { code: 'invalid_argument' } } });
    expect(bad.body.error.msg).toContain('console-users:validation.password_length');
    expect(bad.body.error.msg).toContain('console-users:validation.referral_code_without_type');
  });
});

describe('the user search', () => {
  it('finds by uid, exact and partial e-mail and name, referral type; combines filters; answers nothing without one', async () => {
    const token = await adminToken();
    const tag = uniqueId('srch').toLowerCase();
    const accounts = [
      info({
        name: `Zed ${tag} Alpha`,
        email: `${tag}-alpha@example.com`,
        referralType: 'manebi',
        referralCode: 'M1',
      }),
      info({ name: `Zed ${tag} Beta`, email: `${tag}-beta@example.com` }),
      info({
        name: `Ｚｅｄ ${tag} Gamma`,
        email: `${tag}-gamma@example.com`,
        referralType: 'manebi',
        referralCode: 'M2',
      }),
    ];
    const uids: string[] = [];
    for (const account of accounts)
      uids.push((await call(adminUserCreate, { info: account }, { token })).body.result.uid);
    const emails = async (filter: Record<string, unknown>) => {
      const answer = await call(adminUserList, filter, { token });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return (answer.body.users as Array<{ email: string }>).map((user) => user.email).sort();
    };

    expect(await emails({ uid: uids[1] })).toEqual([accounts[1]?.email]);
    expect(await emails({ email: accounts[0]?.email.toUpperCase() })).toEqual([accounts[0]?.email]);
    // No address matches in full: the addresses starting with it are answered instead.
    expect(await emails({ email: `${tag}-` })).toEqual(accounts.map((a) => a.email).sort());
    expect(await emails({ email: `${tag}-`, partial: true })).toEqual(accounts.map((a) => a.email).sort());
    expect(await emails({ name: `zed ${tag} beta` })).toEqual([accounts[1]?.email]);
    // Full-width letters are normalised: 'Ｚｅｄ' is found as 'zed'.
    expect(await emails({ name: `ZED ${tag}`, partial: true })).toEqual(accounts.map((a) => a.email).sort());
    expect(await emails({ name: `zed ${tag}`, partial: true, referralType: 'manebi' })).toEqual(
      [accounts[0]?.email, accounts[2]?.email].sort(),
    );
    expect(
      await emails({ email: `${tag}-`, partial: true, name: `zed ${tag} g`, referralType: 'manebi' }),
    ).toEqual([accounts[2]?.email]);
    const byReferral = await call(adminUserList, { referralType: 'manebi' }, { token });
    expect(byReferral.body.users.map((user: { uid: string }) => user.uid)).toEqual(
      expect.arrayContaining([uids[0], uids[2]]),
    );
    expect(await call(adminUserList, {}, { token })).toMatchObject({
      status: 200,
      body: { users: [], partial: false, cursor: null },
    });

    const [row] = (await call(adminUserList, { uid: uids[0] }, { token })).body.users;
    expect(Object.keys(row).sort()).toEqual(['created', 'deleted', 'email', 'emailVerified', 'name', 'uid']);
  });
});

describe('the user detail', () => {
  it('shows the identity fields of a site sign-up, only the UTM parameters present', async () => {
    const token = await adminToken();
    const input = signUpInput({
      utmParams: { utm_source: 'newsletter', utm_medium: '' },
      referralInfo: { referralType: 'classu', referralCode: 'C9' },
    });
    const { body } = await call(signUp, input);
    const detail = await call(adminUserInfo, { uid: body.user.uid }, { token });
    expect(detail.body.user).toMatchObject({
      uid: body.user.uid,
      email: input.email,
      emailVerified: false,
      providers: ['password'],
      referralType: 'classu',
      referralCode: 'C9',
      utmParams: { utm_source: 'newsletter' },
      country: 'KR',
      uiLanguage: 'en',
    });
    expect(detail.body.user.utmParams).not.toHaveProperty('utm_medium');
    expect(await call(adminUserInfo, { uid: 'no-such-user' }, { token })).toMatchObject({
      status: 404,
      body: { error: { code: 'not_found' } },
    });
  });

  it('records every identity action of an operator in the activities, newest first', async () => {
    const token = await adminToken();
    const input = signUpInput();
    const { body } = await call(signUp, input);
    const uid = body.user.uid as string;
    await call(adminSendVerifyingEmail, { id: uid, data: { language: 'ko' } }, { token });
    await call(adminVerifyEmail, { id: uid }, { token });
    await call(adminGeneratePasswordResetLink, { id: uid, data: { email: input.email } }, { token });
    const detail = await call(adminUserInfo, { uid }, { token });
    expect(detail.body.user.emailVerified).toBe(true);
    expect(detail.body.userActivities.map((activity: { action: string }) => activity.action)).toEqual([
      'password.reset-link',
      'email.verify',
      'email.send-verification',
    ]);
  });

  it('walks the preregistration coupon through create, use and reset, refusing steps out of turn', async () => {
    const token = await adminToken();
    const uid = (await call(adminUserCreate, { info: info() }, { token })).body.result.uid;
    const step = (input: Record<string, unknown>) =>
      call(adminUserPreregistration, { uid, desc: 'campaign', ...input }, { token });

    expect(await step({ operation: 'use' })).toMatchObject({
      status: 409,
      body: { error: { code: 'conflict' } },
    });
    expect((await step({ operation: 'create', discountPercent: 100 })).body.error.code).toBe(
      'invalid_argument',
    );
    expect((await step({ operation: 'create', discountPercent: 30, desc: ' ' })).body.error.code).toBe(
      'invalid_argument',
    );
    const created = await step({ operation: 'create', discountPercent: 30 });
    expect(created.body.preregistration).toMatchObject({ discountPercent: 30 });
    expect(created.body.preregistration).not.toHaveProperty('used');
    expect((await step({ operation: 'create', discountPercent: 40 })).body.error.code).toBe('conflict');
    expect((await step({ operation: 'reset' })).body.error.code).toBe('conflict');
    expect((await step({ operation: 'use' })).body.preregistration.used).toEqual(expect.any(Number));
    expect((await step({ operation: 'use' })).body.error.code).toBe('conflict');
    const reset = await step({ operation: 'reset' });
    expect(reset.body.preregistration).toEqual({ discountPercent: 30, created: expect.any(Number) });

    const detail = await call(adminUserInfo, { uid }, { token });
    expect(detail.body.preregistration).toEqual(reset.body.preregistration);
    expect(
      detail.body.userActivities.map((a: { action: string; desc: string }) => `${a.action}:${a.desc}`),
    ).toEqual([
      'preregistration.reset:campaign',
      'preregistration.use:campaign',
      'preregistration.create:campaign',
      'user.create:created for sales@example.com',
    ]);
  });
});

describe('bulk user create', () => {
  it('creates the valid rows through the queue and lists each refused row with its reason', {
    timeout: 100_000,
  }, async () => {
    const token = await adminToken();
    const taken = info();
    await call(adminUserCreate, { info: taken }, { token });
    const rows = [
      ...Array.from({ length: 11 }, (_, index) => ({
        ...info({ name: `Bulk ${index}` }),
        assistEmail: undefined,
      })),
      { ...info({ name: 'X' }), assistEmail: undefined },
      { ...info({ email: 'not-an-email' }), assistEmail: undefined },
      { ...taken, assistEmail: undefined },
    ].map(({ assistEmail: _, ...row }) => row);
    const started = await call(
      adminBulkUserCreate,
      { infos: { userCreateInfos: rows, assistEmail: 'school@example.com' }, desc: 'school pilot' },
      { token },
    );
    expect(started).toMatchObject({ status: 200, body: { total: 14 } });

    // Eleven passwords hashed (scrypt), each message delivered twice at once: bounded, not timed.
    const { job, fails } = await finishedJob(started.body.jobId, token, 80_000);
    expect(job).toMatchObject({ kind: 'user-create', total: 14, succeeded: 11, failed: 3, status: 'done' });
    expect(fails).toEqual([
      { item: rows[11]?.email, reason: 'console-users:validation.name' },
      { item: 'not-an-email', reason: 'console-users:validation.email' },
      { item: taken.email, reason: EMAIL_IN_USE },
    ]);
    const created = await call(adminUserList, { email: rows[0]?.email }, { token });
    const detail = await call(adminUserInfo, { uid: created.body.users[0].uid }, { token });
    expect(detail.body.user.assistEmail).toBe('school@example.com');
    expect(detail.body.userActivities).toMatchObject([{ action: 'user.bulk-create', desc: 'school pilot' }]);

    expect(
      (
        await call(
          adminBulkUserCreate,
          { infos: { userCreateInfos: [], assistEmail: 'a@example.com' }, desc: 'x' },
          { token },
        )
      ).body.error.code,
    ).toBe('invalid_argument');
    expect(await call(adminJobStatus, { jobId: 'no-such-job' }, { token })).toMatchObject({
      status: 404,
      body: { error: { code: 'not_found' } },
    });
  });
});
