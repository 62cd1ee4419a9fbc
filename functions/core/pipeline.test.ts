import type { Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import {
  type SecretsManagerPeer,
  startSecretsManagerPeer,
} from '../../scripts/local/secrets-manager-peer.ts';
import { defineRoute, FORM_BODY, JSON_BODY, type RouteDefinition } from '../../shared/api/define-route.ts';
import { ORIGIN_SECRET_ARN_VARIABLE, ORIGIN_SECRET_HEADER } from '../../shared/api/origin-secret.ts';
import { rotated } from '../../shared/secrets/rotating-secret.ts';
import { SECRET_CACHE_SECONDS } from '../../shared/timeouts.ts';
import { AdminError, IdentityError, NotFound, PaymentError } from './errors.ts';
import { bearerToken, SECOND_FACTOR_AMR, signIdToken, verifyIdToken } from './identity/id-token.ts';
import {
  defineHandler as definePublicOrGuid,
  type HttpEvent,
  type HttpResult,
  routePipeline,
  type StaffGate,
} from './pipeline.ts';
import { defineHandler as defineSignedIn } from './signed-in-pipeline.ts';
import { passedSecondFactor } from './staff/staff-gate.ts';

beforeAll(() => {
  process.env.ID_TOKEN_SECRET = 'pipeline-test-secret-0123456789abcdef';
});

function route(caller: RouteDefinition['caller'], service: RouteDefinition['service'] = 'payment') {
  return defineRoute({
    name: `test${caller}`,
    service,
    method: 'POST',
    path: '/echo/{id}',
    caller,
    ...(caller === 'admin' ? { role: 'viewer' as const } : {}),
    summary: 'echo',
    request: z.object({ id: z.string(), amount: z.number().int().positive(), guid: z.string().optional() }),
    response: z.object({ id: z.string(), doubled: z.number() }),
    handler: 'unused',
  });
}

function event(body: unknown, headers: Record<string, string> = {}): HttpEvent {
  return {
    version: '2.0',
    routeKey: 'POST /payment/echo/{id}',
    rawPath: '/payment/echo/a%2Fb',
    rawQueryString: '',
    headers,
    pathParameters: { id: 'a%2Fb' },
    requestContext: { http: { method: 'POST', path: '/payment/echo/a%2Fb', sourceIp: '127.0.0.1' } },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    isBase64Encoded: false,
  } as unknown as HttpEvent;
}

/**
 * Admin routes through the signed-in pipeline with a staff gate that admits any token of a second-factor
 * sign-in as an admin: the real gate reads the member from the table (test/integration covers it).
 */
const gate: StaffGate = {
  admit: async (_route, claims) => {
    if (!passedSecondFactor(claims)) throw new AdminError('invalid_level', 'No second factor');
    return { uid: claims.uid, email: claims.email, role: 'admin' };
  },
  record: (_route, _call, run) => run(),
};
const defineAdmin = routePipeline((headers) => verifyIdToken(bearerToken(headers)), gate);

/** Each route through the pipeline its handler would import. */
const defineHandler = ((definition: RouteDefinition, ...rest: [never, never?]) =>
  (definition.caller === 'admin'
    ? defineAdmin
    : definition.caller === 'user'
      ? defineSignedIn
      : definePublicOrGuid)(definition, ...rest)) as typeof definePublicOrGuid;

async function invoke(handler: ReturnType<typeof defineHandler>, e: HttpEvent) {
  const result = (await handler(e, {} as Context)) as HttpResult;
  return { status: result.statusCode, body: JSON.parse(result.body ?? 'null') };
}

const echo = async ({ id, amount }: { id: string; amount: number }) => ({
  id,
  doubled: amount * 2,
  secret: 'x',
});

describe('the handler pipeline', () => {
  it('is defined with the token check exactly for user and admin routes, which alone bundle it', () => {
    expect(() => definePublicOrGuid(route('user'), echo)).toThrow(/signed-in-pipeline/);
    expect(() => definePublicOrGuid(route('admin'), echo)).toThrow(/signed-in-pipeline/);
    expect(() => defineSignedIn(route('public'), echo)).toThrow(/core\/pipeline/);
    expect(() => defineSignedIn(route('guid'), echo)).toThrow(/core\/pipeline/);
  });

  it('merges path parameters into the validated input and strips undeclared output fields', async () => {
    const answer = await invoke(defineHandler(route('public'), echo), event({ amount: 2 }));
    expect(answer).toEqual({ status: 200, body: { id: 'a/b', doubled: 4 } });
  });

  it('reads a form body only on a route that takes forms (a provider notification), JSON elsewhere', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' };
    const formRoute = { ...route('public'), bodyTypes: [JSON_BODY, FORM_BODY] } as const;
    expect(await invoke(defineHandler(formRoute, echo), event('amount=2', form))).toEqual({
      status: 400,
      body: { error: expect.objectContaining({ code: 'INVALID_ARGUMENT' }) },
    });
    const numeric = { ...formRoute, request: z.object({ id: z.string(), amount: z.coerce.number() }) };
    expect(await invoke(defineHandler(numeric, echo), event('amount=2&id=forged', form))).toEqual({
      status: 200,
      body: { id: 'a/b', doubled: 4 },
    });
    expect(await invoke(defineHandler(numeric, echo), event({ amount: 3 }))).toMatchObject({
      body: { doubled: 6 },
    });
    // A route of JSON alone refuses a form: a cross-site form post never reaches it as input.
    expect(await invoke(defineHandler(route('public'), echo), event('amount=2', form))).toMatchObject({
      status: 400,
      body: { error: { code: 'INVALID_ARGUMENT', msg: 'The request body is not valid JSON' } },
    });
  });

  it('refuses invalid input with INVALID_ARGUMENT (400) and never calls the handler', async () => {
    let called = false;
    const handler = defineHandler(route('public'), async (input) => {
      called = true;
      return echo(input);
    });
    const answer = await invoke(handler, event({ amount: -1 }));
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('INVALID_ARGUMENT');
    expect(answer.body.error.msg).toContain('amount');
    expect(called).toBe(false);
  });

  it('refuses a body that is not JSON', async () => {
    const answer = await invoke(defineHandler(route('public'), echo), event('{nope'));
    expect(answer).toMatchObject({ status: 400, body: { error: { code: 'INVALID_ARGUMENT' } } });
  });

  it('writes a domain error with its catalogue status', async () => {
    const handler = defineHandler(route('public'), async () => {
      throw new PaymentError('EXPIRED', 'The payment session has expired');
    });
    const answer = await invoke(handler, event({ amount: 1 }));
    expect(answer).toEqual({
      status: 410,
      body: { error: { code: 'EXPIRED', msg: 'The payment session has expired' } },
    });
  });

  it('hides unexpected errors behind UNKNOWN (500)', async () => {
    const handler = defineHandler(route('public'), async () => {
      throw new Error('disk on fire');
    });
    const answer = await invoke(handler, event({ amount: 1 }));
    expect(answer).toEqual({ status: 500, body: { error: { code: 'UNKNOWN', msg: 'Internal error' } } });
  });

  it('answers admin routes in the admin format: invalid_token and invalid_level with 401, a refusal with its 4xx', async () => {
    const handler = defineHandler(route('admin', 'auth'), async () => {
      throw new NotFound('Config x');
    });
    expect(await invoke(handler, event({ amount: 1 }))).toMatchObject({
      status: 401,
      body: { error: { code: 'invalid_token' } },
    });
    const customer = await signIdToken({ uid: 'u1', email: 'u1@example.com' });
    expect(
      await invoke(handler, event({ amount: 1 }, { authorization: `Bearer ${customer}` })),
    ).toMatchObject({
      status: 401,
      body: { error: { code: 'invalid_level' } },
    });
    const operator = await signIdToken({
      uid: 'op',
      email: 'op@example.com',
      adminLevel: 1,
      amr: SECOND_FACTOR_AMR,
    });
    expect(
      await invoke(handler, event({ amount: 1 }, { authorization: `Bearer ${operator}` })),
    ).toMatchObject({
      status: 404,
      body: { error: { code: 'not_found' } },
    });
    expect(
      await invoke(handler, event({ amount: 0 }, { authorization: `Bearer ${operator}` })),
    ).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_argument' } },
    });
  });

  it('gives a domain refusal on an admin route its admin meaning, not internal', async () => {
    const operator = await signIdToken({
      uid: 'op',
      email: 'op@example.com',
      adminLevel: 1,
      amr: SECOND_FACTOR_AMR,
    });
    const refusing = (error: Error) =>
      invoke(
        defineHandler(route('admin', 'auth'), async () => {
          throw error;
        }),
        event({ amount: 1 }, { authorization: `Bearer ${operator}` }),
      );
    expect(await refusing(new PaymentError('USER_NOT_SUBSCRIBED', 'No plan'))).toMatchObject({
      status: 404,
      body: { error: { code: 'not_found', msg: 'No plan' } },
    });
    expect(await refusing(new PaymentError('UNSUBSCRIBE_NOT_ALLOWED', 'Not now'))).toMatchObject({
      status: 409,
      body: { error: { code: 'conflict' } },
    });
    // What a refusal says beside its code keeps its meaning on the console (a refund's reason).
    expect(
      await refusing(
        new PaymentError('REFUND_ACCOUNT_REFUSED', 'Holder', {
          reason: 'holder_mismatch',
          providerMessage: 'x',
        }),
      ),
    ).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_argument', reason: 'holder_mismatch', providerMessage: 'x' } },
    });
    expect(await refusing(new IdentityError('EMAIL_EXISTS', 'Taken'))).toMatchObject({
      body: { error: { code: 'conflict' } },
    });
    expect(await refusing(new Error('disk on fire'))).toMatchObject({
      body: { error: { code: 'internal' } },
    });
  });

  it('refuses a number the table could not keep, before the handler', async () => {
    let called = false;
    const anyNumber = defineRoute({
      ...route('public'),
      request: z.object({ id: z.string(), amount: z.number() }),
    });
    const handler = defineHandler(anyNumber, async ({ id }) => {
      called = true;
      return { id, doubled: 0 };
    });
    for (const amount of [5e-324, 1e200])
      expect(await invoke(handler, event({ amount }))).toMatchObject({
        status: 400,
        body: { error: { code: 'INVALID_ARGUMENT' } },
      });
    expect(called).toBe(false);
    expect((await invoke(handler, event({ amount: 0.5 }))).status).toBe(200);
  });

  it('checks the token before the input, so an anonymous caller learns nothing about the schema', async () => {
    const answer = await invoke(defineHandler(route('admin', 'auth'), echo), event({}));
    expect(answer).toMatchObject({ status: 401, body: { error: { code: 'invalid_token' } } });
  });

  it('refuses user routes without a valid token: AUTHORIZATION on the payment service, identity codes on auth', async () => {
    expect(await invoke(defineHandler(route('user'), echo), event({ amount: 1 }))).toMatchObject({
      status: 401,
      body: { error: { code: 'AUTHORIZATION' } },
    });
    const expired = await signIdToken({ uid: 'u1', email: 'u1@example.com' }, -10);
    expect(
      await invoke(
        defineHandler(route('user', 'auth'), echo),
        event({ amount: 1 }, { authorization: `Bearer ${expired}` }),
      ),
    ).toMatchObject({ status: 401, body: { error: { code: 'TOKEN_EXPIRED' } } });
  });

  it('passes the verified claims of a user to the handler', async () => {
    const token = await signIdToken({ uid: 'u42', email: 'u42@example.com' });
    const handler = defineHandler(route('user'), async (input, { caller }) => ({
      id: caller.kind === 'user' ? caller.claims.uid : 'none',
      doubled: input.amount,
    }));
    expect(await invoke(handler, event({ amount: 3 }, { authorization: `Bearer ${token}` }))).toEqual({
      status: 200,
      body: { id: 'u42', doubled: 3 },
    });
  });

  it('requires a well-formed guid on guid routes', async () => {
    const handler = defineHandler(route('guid'), echo);
    expect(await invoke(handler, event({ amount: 1, guid: 'short' }))).toMatchObject({
      status: 401,
      body: { error: { code: 'AUTHORIZATION' } },
    });
    const guid = 'g'.repeat(40);
    expect((await invoke(handler, event({ amount: 1, guid }))).status).toBe(200);
  });

  describe('the origin secret', () => {
    let peer: SecretsManagerPeer;
    beforeAll(async () => {
      peer = await startSecretsManagerPeer();
    });
    afterAll(async () => {
      delete process.env[ORIGIN_SECRET_ARN_VARIABLE];
      await peer.close();
    });

    it('refuses, before anything else, a request that did not come through CloudFront with it', async () => {
      const arn = 'arn:aws:secretsmanager:ap-northeast-2:000000000000:secret:origin-a';
      peer.put(arn, JSON.stringify({ keyId: 'first', key: 'origin-secret-of-the-stage' }));
      process.env[ORIGIN_SECRET_ARN_VARIABLE] = arn;
      let called = false;
      const handler = defineHandler(route('public'), async (input) => {
        called = true;
        return echo(input);
      });
      for (const headers of [{}, { [ORIGIN_SECRET_HEADER]: 'guessed' }] as Record<string, string>[])
        expect(await invoke(handler, event({ amount: 1 }, headers))).toMatchObject({
          status: 401,
          body: { error: { code: 'AUTHORIZATION', msg: 'Requests reach the API through the site only' } },
        });
      // Even an admin route answers so before looking at the token or the input.
      expect(await invoke(defineHandler(route('admin', 'auth'), echo), event({}))).toMatchObject({
        status: 401,
        body: { error: { code: 'invalid_token', msg: 'Requests reach the API through the site only' } },
      });
      expect(called).toBe(false);
      const through = await invoke(
        handler,
        event({ amount: 1 }, { [ORIGIN_SECRET_HEADER]: 'origin-secret-of-the-stage' }),
      );
      expect(through).toEqual({ status: 200, body: { id: 'a/b', doubled: 2 } });
    });

    it('accepts both keys while a rotation reaches CloudFront, and no older one', async () => {
      const arn = 'arn:aws:secretsmanager:ap-northeast-2:000000000000:secret:origin-b';
      const first = { keyId: 'first', key: 'key-one' };
      peer.put(arn, JSON.stringify(first));
      process.env[ORIGIN_SECRET_ARN_VARIABLE] = arn;
      const handler = defineHandler(route('public'), echo);
      const call = async (key: string) =>
        (await invoke(handler, event({ amount: 1 }, { [ORIGIN_SECRET_HEADER]: key }))).status;
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        expect(await call('key-one')).toBe(200);
        // Rotated after this container read the secret: an unknown header makes it read past its cache
        // (at most once a minute), and the key before stays accepted.
        const second = rotated(first, 'key-two', 'second');
        peer.put(arn, JSON.stringify(second));
        vi.advanceTimersByTime(61_000);
        expect(await call('key-two')).toBe(200);
        expect(await call('key-one')).toBe(200);
        // A second rotation drops the first key once the container's cache has expired.
        peer.put(arn, JSON.stringify(rotated(second, 'key-three', 'third')));
        vi.advanceTimersByTime((SECRET_CACHE_SECONDS + 1) * 1000);
        expect(await call('key-one')).toBe(401);
        expect(await call('key-three')).toBe(200);
      } finally {
        vi.useRealTimers();
      }
    });
  });
});
