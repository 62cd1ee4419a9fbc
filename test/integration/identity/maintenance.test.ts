import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminConfigCreate, adminConfigDelete } from '../../../shared/api/configs.ts';
import type { RouteDefinition } from '../../../shared/api/define-route.ts';
import { oauthSignIn, oauthSignUp, signUp } from '../../../shared/api/identity.ts';
import { CONFIG_MESSAGES } from '../../../shared/configs/config-entries.ts';
import { SIGN_UP_MAINTENANCE_CONFIG } from '../../../shared/identity/maintenance.ts';
import { call as callSuiteRuntime } from '../helpers.ts';
import { startIsolatedRuntime } from '../isolated-runtime.ts';
import { operatorToken } from '../staff-sign-in.ts';
import { googleAccessToken, outbox, signUpInput } from './accounts.ts';

/**
 * Maintenance is one global config entry: these tests run against a runtime of their own, so that
 * the sign-ups of the rest of the suite (in parallel) never meet it.
 */
let runtime: Awaited<ReturnType<typeof startIsolatedRuntime>>;
let token: string;
const call = (route: RouteDefinition, input: Record<string, unknown>, options: { token?: string } = {}) =>
  callSuiteRuntime(route, input, { ...options, baseUrl: runtime.url });

beforeAll(async () => {
  runtime = await startIsolatedRuntime();
  token = await operatorToken({ baseUrl: runtime.url });
}, 90_000);
afterAll(() => runtime?.stop());

async function withMaintenance(value: unknown, run: () => Promise<void>) {
  const created = await call(
    adminConfigCreate,
    { name: SIGN_UP_MAINTENANCE_CONFIG, value: typeof value === 'string' ? value : JSON.stringify(value) },
    { token },
  );
  expect(created.status).toBe(200);
  try {
    await run();
  } finally {
    await call(adminConfigDelete, { id: created.body.configId }, { token });
  }
}

const hour = 3600_000;

describe('sign-up maintenance', () => {
  it('during a planned window, sign-up answers the maintenance and creates nothing', async () => {
    const window = {
      type: 'planned',
      startAt: new Date(Date.now() - hour).toISOString(),
      endAt: new Date(Date.now() + hour).toISOString(),
    };
    await withMaintenance(window, async () => {
      const input = signUpInput();
      const answer = await call(signUp, input);
      expect(answer).toMatchObject({ status: 200, body: { maintenance: window } });
      expect(answer.body.user).toBeUndefined();
      expect(await outbox(runtime.url)).toEqual([]);

      const google = {
        credentialType: 'access_token',
        providerId: 'google.com',
        clientType: 'landing',
        language: 'en',
      };
      const credential = await googleAccessToken('new.google@example.com', 'New Person', runtime.url);
      expect((await call(oauthSignUp, { ...google, credential })).body).toEqual({ maintenance: window });
      // Creating through sign-in is closed too: the client falls back to sign-up, which shows it.
      const viaSignIn = await call(oauthSignIn, { ...google, credential, throwIfNotExists: false });
      expect(viaSignIn.body.error.code).toBe('EMAIL_NOT_FOUND');
    });
    // After the window is removed, sign-up works again.
    expect((await call(signUp, signUpInput())).body.user).toBeDefined();
  });

  it('an emergency window in the future does not stop sign-up, and a malformed entry is never saved', async () => {
    const later = {
      type: 'emergency',
      startAt: new Date(Date.now() + hour).toISOString(),
      endAt: new Date(Date.now() + 2 * hour).toISOString(),
    };
    await withMaintenance(later, async () => {
      expect((await call(signUp, signUpInput())).body.user).toBeDefined();
    });
    const malformed = await call(
      adminConfigCreate,
      { name: SIGN_UP_MAINTENANCE_CONFIG, value: '{not json' },
      { token },
    );
    expect(malformed.body.error).toEqual({
      code: 'invalid_argument',
      msg: expect.stringContaining(CONFIG_MESSAGES.notJson),
    });
    expect((await call(signUp, signUpInput())).body.user).toBeDefined();
  });
});
