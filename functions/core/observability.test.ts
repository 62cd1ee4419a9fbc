import type { Context } from 'aws-lambda';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { defineRoute } from '../../shared/api/define-route.ts';
import { PRODUCT_METRICS } from '../../shared/observability/product-metrics.ts';
import { PaymentError } from './errors.ts';
import { logger } from './logger.ts';
import { observedJob } from './observability.ts';
import { defineHandler, type HttpEvent } from './pipeline.ts';

// An operator may turn on Powertools' event logging with this variable; the pipeline must still never
// write a request (bodies hold passwords, headers tokens). Set before the logger is made, with every level
// written (the logger goes back to its configured level at each invocation).
vi.hoisted(() => {
  process.env.POWERTOOLS_LOGGER_LOG_EVENT = 'true';
  process.env.LOG_LEVEL = 'debug';
});

const signIn = defineRoute({
  name: 'observedSignIn',
  service: 'auth',
  method: 'POST',
  path: '/observed-sign-in',
  caller: 'public',
  summary: 'sign-in shaped',
  request: z.object({ email: z.string(), password: z.string(), merchantUid: z.string().optional() }),
  response: z.object({ idToken: z.string() }),
  handler: 'unused',
});

const PASSWORD = 'hunter2-secret-pass';
const BEARER = 'eyJhbGciOiJIUzI1NiJ9.bearer-token-value';
const REFRESH = 'refresh-cookie-value-0123456789';
const ISSUED = 'eyJhbGciOiJIUzI1NiJ9.issued-id-token';

function event(body: unknown): HttpEvent {
  return {
    version: '2.0',
    routeKey: 'POST /auth/observed-sign-in',
    rawPath: '/auth/observed-sign-in',
    rawQueryString: '',
    headers: { authorization: `Bearer ${BEARER}`, 'x-amz-cf-id': 'edge-request-1' },
    cookies: [`refresh=${REFRESH}`],
    requestContext: {
      requestId: 'api-request-1',
      http: { method: 'POST', path: '/auth/observed-sign-in', sourceIp: '127.0.0.1' },
    },
    body: JSON.stringify(body),
    isBase64Encoded: false,
  } as unknown as HttpEvent;
}

const context = (awsRequestId: string) =>
  ({ awsRequestId, functionName: 'observed', invokedFunctionArn: 'arn', memoryLimitInMB: '512' }) as Context;

/** Every line the process writes while `run` runs (Powertools writes through its own Console). */
async function output(run: () => Promise<unknown>): Promise<string[]> {
  const lines: string[] = [];
  const capture = (chunk: string | Uint8Array) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    return true;
  };
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  try {
    await run();
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  return lines;
}

const parsed = (lines: string[]) => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

beforeAll(() => {
  process.env.ID_TOKEN_SECRET = 'observability-test-secret-0123456789';
});

describe('the logs of a route', () => {
  it('carry level, message, time, the request ids and the route on every line, the merchantUid once parsed', async () => {
    const handler = defineHandler(signIn, async () => {
      logger.info('Signed in');
      return { idToken: ISSUED };
    });
    const lines = parsed(
      await output(() =>
        handler(
          event({ email: 'a@example.com', password: PASSWORD, merchantUid: 'ord_1' }),
          context('req-1'),
        ),
      ),
    );
    const line = lines.find((entry) => entry.message === 'Signed in');
    expect(line).toMatchObject({
      level: 'info',
      service: 'cutloom',
      requestId: 'req-1',
      route: 'observedSignIn',
      apiRequestId: 'api-request-1',
      edgeRequestId: 'edge-request-1',
      merchantUid: 'ord_1',
    });
    expect(new Date(String(line?.time)).toISOString()).toBe(line?.time);
  });

  it('never hold the body, a password or a token, even with event logging turned on, on success or refusal', async () => {
    const handler = defineHandler(signIn, async (input) => {
      logger.debug('Checking', { email: input.email });
      if (input.email === 'refused@example.com') throw new PaymentError('EXPIRED', 'expired');
      if (input.email === 'broken@example.com') throw new Error('disk on fire');
      return { idToken: ISSUED };
    });
    const written = await output(async () => {
      for (const email of ['a@example.com', 'refused@example.com', 'broken@example.com'])
        await handler(event({ email, password: PASSWORD }), context(`req-${email}`));
    });
    expect(written.length).toBeGreaterThanOrEqual(5);
    for (const secret of [PASSWORD, BEARER, REFRESH, ISSUED])
      expect(written.filter((line) => line.includes(secret))).toEqual([]);
    const refused = parsed(written).find((entry) => entry.message === 'Request refused');
    expect(refused).toMatchObject({ route: 'observedSignIn', requestId: 'req-refused@example.com' });
  });

  it('do not keep one invocation’s keys in the next', async () => {
    const handler = defineHandler(signIn, async () => {
      logger.info('Signed in');
      return { idToken: ISSUED };
    });
    await output(() =>
      handler(event({ email: 'a@example.com', password: PASSWORD, merchantUid: 'ord_1' }), context('r1')),
    );
    const [second] = parsed(
      await output(() => handler(event({ email: 'a@example.com', password: PASSWORD }), context('r2'))),
    ).filter((entry) => entry.message === 'Signed in');
    expect(second?.requestId).toBe('r2');
    expect(second).not.toHaveProperty('merchantUid');
  });
});

describe('the metrics of a route', () => {
  const emf = (lines: string[]) => parsed(lines).filter((entry) => '_aws' in entry);

  it('count an unexpected failure as InternalError in the product namespace, flushed as EMF', async () => {
    const handler = defineHandler(signIn, async () => {
      throw new Error('disk on fire');
    });
    const [metric, ...more] = emf(
      await output(() => handler(event({ email: 'a@example.com', password: PASSWORD }), context('m1'))),
    );
    expect(more).toEqual([]);
    expect(metric).toMatchObject({
      _aws: {
        CloudWatchMetrics: [
          {
            Namespace: 'Cutloom',
            Dimensions: [['service', 'stage']],
            Metrics: [{ Name: PRODUCT_METRICS.internalError.name, Unit: 'Count' }],
          },
        ],
      },
      service: 'cutloom',
      [PRODUCT_METRICS.internalError.name]: 1,
    });
  });

  it('count nothing for a refusal (an answer, not a failure)', async () => {
    const handler = defineHandler(signIn, async () => {
      throw new PaymentError('EXPIRED', 'expired');
    });
    const lines = await output(() =>
      handler(event({ email: 'a@example.com', password: PASSWORD }), context('m2')),
    );
    expect(emf(lines)).toEqual([]);
  });
});

describe('a job', () => {
  it('names itself and the merchantUid of its event on every line, and the jobId of its one SQS message', async () => {
    const job = observedJob('renew-plan', async (_event: unknown) => {
      logger.info('Ran');
    });
    const [run] = parsed(
      await output(() => job({ merchantUid: 'rnw_1', planId: 'p' }, context('j1'))),
    ).filter((entry) => entry.message === 'Ran');
    expect(run).toMatchObject({ job: 'renew-plan', merchantUid: 'rnw_1', requestId: 'j1' });
    const consumer = observedJob('bulk-jobs-consumer', async (_event: unknown) => {
      logger.info('Ran');
    });
    const message = { Records: [{ messageId: 'm', body: JSON.stringify({ jobId: 'job_7', items: [] }) }] };
    const [consumed] = parsed(await output(() => consumer(message, context('j2')))).filter(
      (entry) => entry.message === 'Ran',
    );
    expect(consumed).toMatchObject({ job: 'bulk-jobs-consumer', jobId: 'job_7', requestId: 'j2' });
  });
});
