import type { IncomingMessage } from 'node:http';
import { listenOnLoopback, readText, sendJson } from '../../../scripts/local/http-helpers.ts';
import { invokeModule } from '../../../scripts/local/lambda-context.ts';
import type { LocalEndpointHandler, StandInContext } from '../../../scripts/local/stand-in-context.ts';
import { start as startSms } from '../../../scripts/local/stand-ins/coolsms.ts';
import { start as startPayments } from '../../../scripts/local/stand-ins/payment-provider.ts';
import { start as startScheduler } from '../../../scripts/local/stand-ins/scheduler.ts';
import type { RequestPayParams } from '../../../shared/payments/checkout-contract.ts';

/**
 * The payment sandbox and the SMS stand-in started in this test process, as the runtime starts them:
 * their APIs on loopback ports, their /_local/ pages served by a small server standing in for the
 * runtime's port (the "browser" side), and a notification receiver standing in for the product's
 * webhook route. The production adapters then run against them through the environment they export.
 */
export interface Harness {
  pagesUrl: string;
  notifications: Array<{ imp_uid: string; merchant_uid: string; status: string }>;
  /** The receiver answers 500 to this many notifications before it accepts them. */
  failNextNotifications(count: number): void;
  notificationAttempts(): number;
  /** Moves the server clock (the adapters' and the sandbox's) forward. */
  advanceClock(seconds: number): void;
  /** With the scheduler: moves the clock forward through it, running what falls due on the way. */
  runClock(seconds: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * `scheduler`: the scheduler stand-in too, whose targets then run in this process when their time comes
 * on the clock (runClock), as the product's scheduled re-checks do.
 */
export async function startHarness(options: { scheduler?: boolean } = {}): Promise<Harness> {
  const endpoints = new Map<string, LocalEndpointHandler>();
  const pages = await listenOnLoopback(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const handler = endpoints.get(`${req.method} ${path}`);
    if (handler) await handler(req, res);
    else sendJson(res, 404, { message: 'Not Found' });
  });
  const notifications: Harness['notifications'] = [];
  let failures = 0;
  let attempts = 0;
  const receiver = await listenOnLoopback(async (req: IncomingMessage, res) => {
    attempts += 1;
    const body = JSON.parse(await readText(req));
    if (failures > 0) {
      failures -= 1;
      return sendJson(res, 500, { message: 'not now' });
    }
    notifications.push(body);
    sendJson(res, 200, {});
  });
  const ctx: StandInContext = {
    registerLocalEndpoint: (method, path, handler) => endpoints.set(`${method} ${path}`, handler),
    invokeModule,
    stateDir: undefined,
    baseUrl: pages.url,
  };
  const payments = await startPayments(ctx, {
    notificationUrl: `${receiver.url}/payment/portone-webhook`,
    notificationResendDelayMs: 20,
    tokenLifetimeSeconds: 120,
  });
  const sms = await startSms(ctx);
  const scheduler = options.scheduler ? await startScheduler(ctx) : undefined;
  const exported = { ...payments.env, ...sms.env, ...scheduler?.env };
  Object.assign(process.env, exported);
  return {
    pagesUrl: pages.url,
    notifications,
    failNextNotifications: (count) => {
      failures = count;
    },
    notificationAttempts: () => attempts,
    advanceClock: (seconds) => {
      process.env.TEST_CLOCK_OFFSET_MS = String(
        (Number(process.env.TEST_CLOCK_OFFSET_MS) || 0) + seconds * 1000,
      );
    },
    async runClock(seconds) {
      if (!scheduler) throw new Error('The harness runs no scheduler');
      const moved = await fetch(`${pages.url}/_local/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advanceSeconds: seconds }),
      });
      if (!moved.ok) throw new Error(`clock: ${moved.status} ${await moved.text()}`);
    },
    async stop() {
      await scheduler?.stop();
      await payments.stop();
      await sms.stop();
      await pages.close();
      await receiver.close();
      for (const name of [...Object.keys(exported), 'TEST_CLOCK_OFFSET_MS']) delete process.env[name];
    },
  };
}

/** What a browser does on the sandbox checkout: opens it with the request, then submits a choice. */
export async function checkoutInBrowser(
  pagesUrl: string,
  params: RequestPayParams,
  choice: { choice?: string; action?: 'pay' | 'abandon' },
): Promise<{ page: string; returned: URL }> {
  const query = new URLSearchParams(
    Object.entries(params).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])),
  );
  const opened = await fetch(`${pagesUrl}/_local/payments/checkout?${query}`);
  const page = await opened.text();
  if (opened.status !== 200) throw new Error(`checkout page: ${opened.status} ${page}`);
  const request = /name="request" value="([^"]*)"/.exec(page)?.[1] ?? '';
  const form = new URLSearchParams({
    request: request
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&'),
    action: choice.action ?? 'pay',
    ...(choice.choice ? { choice: choice.choice } : {}),
  });
  const submitted = await fetch(`${pagesUrl}/_local/payments/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    redirect: 'manual',
  });
  if (submitted.status !== 303)
    throw new Error(`checkout submit: ${submitted.status} ${await submitted.text()}`);
  return { page, returned: new URL(submitted.headers.get('location') ?? '') };
}

export async function eventually<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  what: string,
): Promise<T> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`Timed out waiting for ${what}`);
}
