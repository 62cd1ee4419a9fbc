import { describe, expect, it } from 'vitest';
import { callLabeller, tracedInvocation } from './call-trace.ts';

const environment = {
  AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:4001',
  AWS_ENDPOINT_URL_SECRETS_MANAGER: 'http://127.0.0.1:4002',
  AWS_ENDPOINT_URL_SCHEDULER: 'http://127.0.0.1:4003',
  AWS_ENDPOINT_URL_SESV2: 'http://127.0.0.1:4004',
  AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:4005',
  PORTONE_API_URL: 'http://127.0.0.1:5000',
  NAVER_PAY_API_URL: 'http://127.0.0.1:5000/np_sandbox',
  GOOGLE_TOKENINFO_URL: 'https://127.0.0.1:5100/tokeninfo',
  AWS_LAMBDA_RUNTIME_API: '127.0.0.1:9001',
};

describe("a function's outgoing calls, as the trace names them", () => {
  const label = callLabeller(environment);

  it('name an AWS call by its service and operation, from X-Amz-Target or from the REST method and path', () => {
    expect(
      label({
        method: 'POST',
        url: 'http://127.0.0.1:4001/',
        target: 'DynamoDB_20120810.TransactWriteItems',
      }),
    ).toBe('dynamodb:TransactWriteItems');
    expect(
      label({ method: 'POST', url: 'http://127.0.0.1:4002/', target: 'secretsmanager.GetSecretValue' }),
    ).toBe('secretsmanager:GetSecretValue');
    expect(label({ method: 'POST', url: 'http://127.0.0.1:4003/schedules/renewal-1' })).toBe(
      'scheduler:CreateSchedule',
    );
    expect(label({ method: 'DELETE', url: 'http://127.0.0.1:4003/schedules/renewal-1?groupName=x' })).toBe(
      'scheduler:DeleteSchedule',
    );
    expect(label({ method: 'POST', url: 'http://127.0.0.1:4004/v2/email/outbound-emails' })).toBe(
      'sesv2:SendEmail',
    );
    expect(label({ method: 'PUT', url: 'http://127.0.0.1:4005/bucket/invoices/1.pdf?x-id=PutObject' })).toBe(
      's3:PutObject',
    );
    expect(label({ method: 'GET', url: 'http://127.0.0.1:4005/bucket?list-type=2&prefix=a' })).toBe(
      's3:ListObjectsV2',
    );
  });

  it('name any other call by the setting that holds its address, the longest that holds it, else by its host', () => {
    expect(label({ method: 'POST', url: 'http://127.0.0.1:5000/subscribe/payments/again' })).toBe(
      'POST portone /subscribe/payments/again',
    );
    expect(
      label({ method: 'POST', url: 'http://127.0.0.1:5000/np_sandbox/naverpay/payments/v1/cancel' }),
    ).toBe('POST naver-pay /np_sandbox/naverpay/payments/v1/cancel');
    // A path that only starts like the wallet's is the provider's; a port that only starts like its port is not.
    expect(label({ method: 'GET', url: 'http://127.0.0.1:5000/np_sandboxes' })).toBe(
      'GET portone /np_sandboxes',
    );
    expect(label({ method: 'GET', url: 'http://127.0.0.1:50001/x' })).toBe('GET 127.0.0.1:50001 /x');
    expect(label({ method: 'GET', url: 'https://127.0.0.1:5100/tokeninfo?id_token=a' })).toBe(
      'GET google-tokeninfo /tokeninfo',
    );
  });
});

describe("an invocation's crash result", () => {
  const base = {
    requestId: 'r1',
    functionName: 'cutloom-test-charge',
    startedAt: new Date('2025-01-01T00:00:00Z'),
    durationMs: 12.4,
    label: (call: { method: string; url: string }) => `${call.method} ${new URL(call.url).pathname}`,
  };
  const lines = [
    { kind: 'call', requestId: 'r1', call: 1, method: 'POST', url: 'http://h/first' },
    { kind: 'answer', requestId: 'r1', call: 1, status: 200 },
    { kind: 'call', requestId: 'r1', call: 2, method: 'POST', url: 'http://h/second' },
    { kind: 'failed', requestId: 'r1', call: 2, message: 'TimeoutError' },
  ] as const;

  it('is reached when the process wrote that it was killed, naming the call the point names', () => {
    const traced = tracedInvocation({
      ...base,
      failure: 'Runtime.ExitError',
      lines: [...lines, { kind: 'killed', requestId: 'r1', before: 'answer-seen', call: 2 }],
      crash: { planId: 'crash-1', point: { call: 2, when: 'sent' } },
    });
    expect(traced).toEqual({
      requestId: 'r1',
      functionName: 'cutloom-test-charge',
      startedAt: '2025-01-01T00:00:00.000Z',
      durationMs: 12,
      ok: false,
      errorType: 'Runtime.ExitError',
      calls: [
        { call: 1, label: 'POST /first', status: 200 },
        { call: 2, label: 'POST /second', failed: 'TimeoutError' },
      ],
      crash: {
        planId: 'crash-1',
        outcome: 'reached',
        point: { call: 2, when: 'sent' },
        call: { call: 2, label: 'POST /second', failed: 'TimeoutError' },
        killed: { before: 'answer-seen', call: 2 },
      },
    });
  });

  it('is not reached when the invocation ended otherwise, with its calls and how it ended', () => {
    const answered = tracedInvocation({
      ...base,
      lines,
      crash: { planId: 'crash-2', point: { call: 3, when: 'sent' } },
    });
    expect(answered.crash).toEqual({
      planId: 'crash-2',
      outcome: 'not-reached',
      point: { call: 3, when: 'sent' },
      calls: 2,
      ended: 'answered',
    });
    const timedOut = tracedInvocation({
      ...base,
      failure: 'Sandbox.Timedout',
      lines,
      crash: { planId: 'crash-3', point: { handler: 'returned' } },
    });
    expect(timedOut.crash).toMatchObject({ outcome: 'not-reached', ended: 'Sandbox.Timedout' });
    expect(tracedInvocation({ ...base, lines }).crash).toBeUndefined();
  });
});
