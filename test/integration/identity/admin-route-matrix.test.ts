import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_ACCOUNTS } from '../../../scripts/local/seed.ts';
import { ROUTES } from '../../../shared/api/routes.ts';
import { roleAllows, STAFF_ROLES, type StaffRole } from '../../../shared/staff/staff-roles.ts';
import { adminToken, call, customerToken, expiredToken, staffSession } from '../helpers.ts';
import { operatorToken } from '../staff-sign-in.ts';
import { signInAs } from './accounts.ts';
import { genericInput, routeInputs } from './admin-route-inputs.ts';

/**
 * Every admin route of the route table, called by every kind of caller: without a token, with a
 * malformed one, an expired one, a customer's (signed in for real, and minted), the seeded admin's after
 * the password alone (the site's sign-in), an admin's (signed in for real with the second factor, and
 * minted) and a member of each other staff role. Only staff signed in with the second factor get past the
 * token check (invalid_token and invalid_level with 401, admin-console.md section 8); a role the route's
 * declared role does not allow gets insufficient_role (403). What an allowed caller gets is the route's
 * answer or a refusal the catalogue names, never internal.
 */
const adminRoutes = ROUTES.filter((route) => route.caller === 'admin');
type Caller = {
  name: string;
  token: () => Promise<string | undefined>;
  expect: 'invalid_token' | 'invalid_level' | 'allowed' | StaffRole;
};
const tokens: Record<string, string> = {};
const callers: Caller[] = [
  { name: 'no token', token: async () => undefined, expect: 'invalid_token' },
  { name: 'malformed token', token: async () => 'not.a.token', expect: 'invalid_token' },
  { name: 'expired operator token', token: expiredToken, expect: 'invalid_token' },
  { name: 'customer (signed in)', token: async () => tokens.customer, expect: 'invalid_level' },
  { name: 'customer (minted)', token: customerToken, expect: 'invalid_level' },
  { name: 'admin (password only)', token: async () => tokens.passwordOnly, expect: 'invalid_level' },
  { name: 'admin (signed in)', token: async () => tokens.operator, expect: 'allowed' },
  { name: 'admin (minted)', token: adminToken, expect: 'allowed' },
  ...STAFF_ROLES.filter((role) => role !== 'admin').map(
    (role): Caller => ({ name: role, token: async () => tokens[role], expect: role }),
  ),
];
const results: string[][] = [];

beforeAll(async () => {
  const [passwordOnly, customer, operator, ...members] = await Promise.all([
    signInAs(SEEDED_ACCOUNTS.operator, { clientType: 'console' }),
    signInAs(SEEDED_ACCOUNTS.customer),
    operatorToken(),
    ...STAFF_ROLES.map((role) => staffSession(role)),
  ]);
  tokens.passwordOnly = passwordOnly.body.session.idToken;
  tokens.customer = customer.body.session.idToken;
  tokens.operator = operator;
  STAFF_ROLES.forEach((role, index) => {
    tokens[role] = members[index]?.token ?? '';
  });
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
      const row: string[] = [label];
      for (const caller of callers) {
        const token = await caller.token();
        const answer = await call(
          route,
          { ...genericInput, ...routeInputs[route.name]?.() },
          token ? { token } : {},
        );
        const code = answer.body?.error?.code;
        const role = STAFF_ROLES.find((one) => one === caller.expect);
        if (role && route.role && !roleAllows(role, route.role)) {
          expect(answer, caller.name).toMatchObject({
            status: 403,
            body: { error: { code: 'insufficient_role' } },
          });
        } else if (role || caller.expect === 'allowed') {
          expect(answer.status, caller.name).not.toBe(401);
          expect(code, `${caller.name}: ${answer.body?.error?.msg}`).not.toBe('invalid_argument');
          expect(['invalid_token', 'invalid_level'], caller.name).not.toContain(code);
          // A refusal of the route is named by the catalogue; internal is only for a failure nobody expected.
          expect(code, `${caller.name}: ${answer.body?.error?.msg}`).not.toBe('internal');
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
