import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_ACCOUNTS } from '../../../scripts/local/seed.ts';
import {
  adminScheduleCreate,
  adminScheduleInfo,
  adminScheduleList,
  adminScheduleUpdate,
} from '../../../shared/api/schedules.ts';
import { adminUserCreate, adminUserInfo } from '../../../shared/api/users.ts';
import { type Answer, type CallOptions, call, uniqueId } from '../helpers.ts';
import { startIsolatedRuntime } from '../isolated-runtime.ts';
import { operatorToken } from '../staff-sign-in.ts';

/**
 * Admin schedules over HTTP, in a runtime of their own: the test clock moves months forward to run
 * them, which the rest of the suite must not see.
 */
let runtime: { url: string; stop: () => Promise<void> };
let token: string;
const on = (): CallOptions => ({ token, baseUrl: runtime.url });

beforeAll(async () => {
  runtime = await startIsolatedRuntime();
  // The runtime signs tokens with its own secret: the seeded operator signs in to it.
  token = await operatorToken({ baseUrl: runtime.url });
}, 90_000);
afterAll(() => runtime?.stop());

async function serverNow(): Promise<number> {
  const clock = (await (await fetch(`${runtime.url}/_local/clock`)).json()) as { now: string };
  return Date.parse(clock.now);
}
async function advance(seconds: number): Promise<void> {
  const answer = await fetch(`${runtime.url}/_local/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceSeconds: seconds }),
  });
  expect(answer.ok).toBe(true);
}

async function account() {
  const email = `${uniqueId('sched')}@example.com`;
  const created = await call(
    adminUserCreate,
    { info: { name: 'Scheduled Customer', email, password: 'sched-pass1', language: 'ko' } },
    on(),
  );
  return { uid: created.body.result.uid as string, email };
}

function scheduleInput(uid: string, email: string, startAt: number, overrides: Record<string, unknown> = {}) {
  return {
    startAt,
    description: 'yearly event pass',
    isRepeat: false,
    params: {
      uid,
      planName: 'Y1_LIGHT_V3',
      price: 0,
      currency: 'KRW',
      // What an address bar may carry: the server takes the payer's name and e-mail from the account.
      userName: 'Someone Else',
      userEmail: `other-${email}`,
      userPhone: '+821011112222',
      paymentType: 'event',
    },
    ...overrides,
  };
}

const info = async (id: string): Promise<Answer> => call(adminScheduleInfo, { adminScheduleId: id }, on());

describe('a one-time schedule', () => {
  it('is created rounded to the minute, runs when its time comes, logs the deposit and sets lastSuccessAt', async () => {
    const { uid, email } = await account();
    const start = (await serverNow()) + 2 * 3600_000 + 12_345;
    const created = await call(adminScheduleCreate, scheduleInput(uid, email, start), on());
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.result.id as string;
    expect(created.body.result).toMatchObject({
      startAt: Math.floor(start / 60_000) * 60_000,
      nextScheduleAt: Math.floor(start / 60_000) * 60_000,
      enable: true,
      isRepeat: false,
      adminActionTarget: 'directDeposit',
      targetEmail: email,
      creatorEmail: SEEDED_ACCOUNTS.operator.email,
      params: { uid, userName: 'Scheduled Customer', userEmail: email },
    });
    expect((await call(adminScheduleList, {}, on())).body.result.map((s: { id: string }) => s.id)).toContain(
      id,
    );
    expect((await info(id)).body.result.logs).toEqual([]);

    await advance(3 * 3600);
    const ran = (await info(id)).body.result;
    expect(ran.logs).toHaveLength(1);
    expect(ran.logs[0]).toMatchObject({
      scheduledAt: ran.startAt,
      merchantUid: expect.stringMatching(/^dep_/),
    });
    const { payments } = (await call(adminUserInfo, { uid }, on())).body;
    expect(payments).toEqual([
      expect.objectContaining({
        merchantUid: ran.logs[0].merchantUid,
        userName: 'Scheduled Customer',
        userEmail: email,
      }),
    ]);
    expect(ran.lastSuccessAt).toBeGreaterThanOrEqual(ran.startAt);
    expect(ran.nextScheduleAt).toBeUndefined();
    expect(ran.lastErrorAt).toBeUndefined();
  });

  it('refuses a start in the past, a missing description and a repeat without its period', async () => {
    const { uid, email } = await account();
    const now = await serverNow();
    const past = await call(adminScheduleCreate, scheduleInput(uid, email, now - 3600_000), on());
    expect(past.body.error).toMatchObject({
      code: 'invalid_argument',
      msg: 'console-schedules:validation.start_past',
    });
    const bad = await call(
      adminScheduleCreate,
      scheduleInput(uid, email, now + 3600_000, { description: '', isRepeat: true }),
      on(),
    );
    expect(bad.body.error.code).toBe('invalid_argument');
    expect(bad.body.error.msg).toContain('console-schedules:validation.description');
    expect(bad.body.error.msg).toContain('console-schedules:validation.repeat');
    expect((await info('no-such-schedule')).body.error.code).toBe('not_found');
  });
});

describe('a repeating schedule', () => {
  it('runs every month, logs a refusal as the run error (lastErrorAt), and stops running while disabled', async () => {
    const { uid, email } = await account();
    const start = (await serverNow()) + 3600_000;
    const created = await call(
      adminScheduleCreate,
      scheduleInput(uid, email, start, { isRepeat: true, repeatEvery: 'month' }),
      on(),
    );
    const id = created.body.result.id as string;
    const startAt = created.body.result.startAt as number;

    await advance(2 * 3600);
    let shown = (await info(id)).body.result;
    expect(shown.logs).toHaveLength(1);
    expect(shown.lastSuccessAt).toBeDefined();
    expect(shown.nextScheduleAt).toBeGreaterThan(startAt + 27 * 24 * 3600_000);

    // A month on, the one-year pass still runs: the deposit is refused and logged as the run's error.
    await advance(32 * 24 * 3600);
    shown = (await info(id)).body.result;
    expect(shown.logs).toHaveLength(2);
    expect(shown.logs[0]).toMatchObject({ error: 'console-deposits:refusal.active_plan' });
    expect(shown.lastErrorAt).toBeGreaterThan(shown.lastSuccessAt);

    const disabled = await call(adminScheduleUpdate, { adminScheduleId: id, enable: false }, on());
    expect(disabled.body.result.enable).toBe(false);
    await advance(32 * 24 * 3600);
    expect((await info(id)).body.result.logs).toHaveLength(2);

    // Edits change the deposit from the next run; enabling again skips the runs missed meanwhile.
    const edited = await call(
      adminScheduleUpdate,
      {
        adminScheduleId: id,
        enable: true,
        description: 'monthly, edited',
        params: {
          userPhone: '+821099998888',
          planName: 'Y1_STANDARD_V3',
          price: 1000,
          currency: 'USD',
          paymentType: 'plan',
        },
      },
      on(),
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.result).toMatchObject({
      enable: true,
      description: 'monthly, edited',
      params: {
        uid,
        userEmail: email,
        userPhone: '+821099998888',
        planName: 'Y1_STANDARD_V3',
        currency: 'USD',
      },
    });
    expect(edited.body.result.nextScheduleAt).toBeGreaterThan(await serverNow());
  }, 60_000);
});
