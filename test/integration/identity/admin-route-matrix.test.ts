import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_ACCOUNTS } from '../../../scripts/local/seed.ts';
import { ROUTES } from '../../../shared/api/routes.ts';
import { adminToken, call, customerToken, expiredToken } from '../helpers.ts';
import { signInAs } from './accounts.ts';

/**
 * Every admin route of the route table, called by every kind of caller: without a token, with a
 * malformed one, an expired one, a customer's (signed in for real, and minted) and an operator's
 * (signed in for real, and minted). Only operators get past the token check; the refusals are
 * invalid_token and invalid_level with 401 (admin-console.md section 8).
 */
const adminRoutes = ROUTES.filter((route) => route.caller === 'admin');
/** Enough fields for any admin route's schema; the answer to the operator only must not be a refusal. */
const input = {
  id: 'some-id',
  name: 'n',
  value: 'v',
  email: 'someone@example.com',
  data: { language: 'en', email: 'someone@example.com' },
};

type Caller = {
  name: string;
  token: () => Promise<string | undefined>;
  expect: 'invalid_token' | 'invalid_level' | 'allowed';
};
const tokens: Record<string, string> = {};
const callers: Caller[] = [
  { name: 'no token', token: async () => undefined, expect: 'invalid_token' },
  { name: 'malformed token', token: async () => 'not.a.token', expect: 'invalid_token' },
  { name: 'expired operator token', token: expiredToken, expect: 'invalid_token' },
  { name: 'customer (signed in)', token: async () => tokens.customer, expect: 'invalid_level' },
  { name: 'customer (minted)', token: customerToken, expect: 'invalid_level' },
  { name: 'operator (signed in)', token: async () => tokens.operator, expect: 'allowed' },
  { name: 'operator (minted)', token: adminToken, expect: 'allowed' },
];
const results: string[][] = [];

beforeAll(async () => {
  const [operator, customer] = await Promise.all([
    signInAs(SEEDED_ACCOUNTS.operator, { clientType: 'console' }),
    signInAs(SEEDED_ACCOUNTS.customer),
  ]);
  tokens.operator = operator.body.session.idToken;
  tokens.customer = customer.body.session.idToken;
});

afterAll(() => {
  const header = ['route', ...callers.map((caller) => caller.name)];
  console.info(
    `Admin route matrix (${adminRoutes.length} routes x ${callers.length} callers):\n${[header, ...results]
      .map((row) => row.join(' | '))
      .join('\n')}`,
  );
});

describe('every admin route of the route table', () => {
  it('has admin routes to check', () => {
    expect(adminRoutes.length).toBeGreaterThan(0);
  });

  it.each(adminRoutes.map((route) => [`${route.method} /${route.service}${route.path}`, route] as const))(
    '%s lets only operators in',
    async (label, route) => {
      const row = [label];
      for (const caller of callers) {
        const token = await caller.token();
        const answer = await call(route, input, token ? { token } : {});
        const code = answer.body?.error?.code;
        if (caller.expect === 'allowed') {
          expect(answer.status, caller.name).not.toBe(401);
          expect(['invalid_token', 'invalid_level'], caller.name).not.toContain(code);
        } else {
          expect(answer, caller.name).toMatchObject({
            status: 401,
            body: { error: { code: caller.expect } },
          });
        }
        row.push(`${answer.status} ${code ?? 'ok'}`);
      }
      results.push(row);
    },
  );
});
