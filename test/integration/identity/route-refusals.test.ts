import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { SEEDED_ACCOUNTS } from '../../../scripts/local/seed.ts';
import type { RouteDefinition } from '../../../shared/api/define-route.ts';
import { signIn } from '../../../shared/api/identity.ts';
import { ROUTES } from '../../../shared/api/routes.ts';
import { type Answer, call } from '../helpers.ts';
import { startIsolatedRuntime } from '../isolated-runtime.ts';
import { operatorToken } from '../staff-sign-in.ts';

/**
 * Every route of the route table, called by its kind of caller with inputs its schema accepts but
 * that name nothing, or the seeded customer's account in whatever state the runs before left it:
 * each answer is the route's result or a refusal the catalogue names, never the error of an
 * unexpected failure (`internal` on admin routes, `UNKNOWN` elsewhere). A runtime of its own: the
 * runs write configs, grants and schedules the rest of the suite must not meet.
 */
const UNEXPECTED = new Set(['internal', 'UNKNOWN']);
/** The routes that hash a password (a third of a second of a core each) get fewer runs. */
const RUNS = { default: 20, hashing: 1 };

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
};

/** Values the seeded data knows, offered beside random ones wherever a field of that name is a string. */
const KNOWN: Record<string, string[]> = {
  uid: [SEEDED_ACCOUNTS.customer.uid, SEEDED_ACCOUNTS.operator.uid],
  email: [SEEDED_ACCOUNTS.customer.email],
  planName: ['MR_STANDARD_V3', 'Y1_LIGHT_V3'],
};

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'date-time')
    return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'uri') return fc.webUrl();
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 40, 200));
  if (schema.pattern)
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((text) => text.length >= min && text.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY));
  return fc.string({ minLength: min, maxLength: max });
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1e6);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1e12);
  return integer
    ? fc.integer({
        min: Math.ceil(Math.max(min, Number.MIN_SAFE_INTEGER)),
        max: Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER)),
      })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** An arbitrary of the values a JSON schema (zod's, input side) accepts, for the forms the route table uses. */
function arbitraryOf(schema: JsonSchema, name = ''): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((one) => arbitraryOf(one, name)));
  if (schema.allOf) return arbitraryOf(Object.assign({}, ...schema.allOf), name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      const random = stringArbitrary(schema);
      const known = KNOWN[name];
      return known ? fc.oneof(random, fc.constantFrom(...known)) : random;
    }
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryOf(schema.items ?? {}, name), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case 'object': {
      if (!schema.properties && typeof schema.additionalProperties === 'object')
        return fc.dictionary(
          fc.string({ minLength: 1, maxLength: 8 }),
          arbitraryOf(schema.additionalProperties),
          {
            maxKeys: 3,
          },
        );
      const required = new Set(schema.required ?? []);
      const entries = Object.entries(schema.properties ?? {});
      return fc.record(Object.fromEntries(entries.map(([key, value]) => [key, arbitraryOf(value, key)])), {
        requiredKeys: entries.map(([key]) => key).filter((key) => required.has(key)),
      });
    }
    default:
      return fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean());
  }
}

function inputArbitrary(route: RouteDefinition): fc.Arbitrary<Record<string, unknown>> {
  const schema = z.toJSONSchema(route.request, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return arbitraryOf(schema) as fc.Arbitrary<Record<string, unknown>>;
}

let runtime: Awaited<ReturnType<typeof startIsolatedRuntime>>;
const tokens: Partial<Record<'admin' | 'user', string>> = {};
// Every guess of this run comes from one address of its own (the sign-in limits count per address).
const from = '127.0.0.61';

beforeAll(async () => {
  runtime = await startIsolatedRuntime();
  const options = { baseUrl: runtime.url, from };
  const [operator, customer] = await Promise.all([
    operatorToken(options),
    call(
      signIn,
      { ...credentials(SEEDED_ACCOUNTS.customer), clientType: 'desktop', language: 'en' },
      options,
    ),
  ]);
  tokens.admin = operator;
  tokens.user = customer.body.session.idToken;
}, 120_000);
afterAll(() => runtime?.stop());

function credentials(account: { email: string; password: string }) {
  return { email: account.email, password: account.password };
}

describe('every route of the route table', () => {
  it.each(ROUTES.map((route) => [`${route.method} /${route.service}${route.path}`, route] as const))(
    '%s answers inputs that name nothing with its result or a catalogue refusal',
    async (_label, route) => {
      const token = route.caller === 'admin' || route.caller === 'user' ? tokens[route.caller] : undefined;
      await fc.assert(
        fc.asyncProperty(inputArbitrary(route), async (input) => {
          const answer: Answer = await call(route, input, {
            baseUrl: runtime.url,
            from,
            ...(token ? { token } : {}),
          });
          const code = answer.body?.error?.code;
          expect(UNEXPECTED.has(code), `${answer.status} ${code}: ${answer.body?.error?.msg}`).toBe(false);
        }),
        { numRuns: route.memoryMb ? RUNS.hashing : RUNS.default },
      );
    },
    120_000,
  );
});
