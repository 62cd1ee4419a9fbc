import type { Context } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { logger } from '../../functions/core/logger.ts';
import { defineHandler, type HttpEvent } from '../../functions/core/pipeline.ts';
import { defineRoute } from '../../shared/api/define-route.ts';
import { lambdaContext, runInvocation } from './lambda-context.ts';

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'info';
});

const route = (name: string) =>
  defineRoute({
    name,
    service: 'payment',
    method: 'POST',
    path: `/${name}`,
    caller: 'public',
    summary: name,
    request: z.object({ merchantUid: z.string() }),
    response: z.object({}),
    handler: 'unused',
  });

describe('invocations side by side in the local runtime', () => {
  it('keep their own request id, route and merchantUid on every log line, as in a multi-concurrency Lambda', async () => {
    const lines: string[] = [];
    const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      return true;
    });
    const release: Array<() => void> = [];
    const gate = new Promise<void>((resolve) => release.push(resolve));
    // Each logs once before and once after both have started, so their keys would cross if shared.
    const handler = (name: string) =>
      defineHandler(route(name), async () => {
        logger.info('Before');
        await gate;
        logger.info('After');
        return {};
      });
    const call = (name: string, merchantUid: string) => {
      const context: Context = lambdaContext(name);
      const event = {
        headers: {},
        requestContext: { http: { method: 'POST', sourceIp: '127.0.0.1' } },
        body: JSON.stringify({ merchantUid }),
      } as unknown as HttpEvent;
      return { id: context.awsRequestId, done: runInvocation(context, () => handler(name)(event, context)) };
    };
    try {
      const first = call('firstRoute', 'ord_first');
      const second = call('secondRoute', 'ord_second');
      await new Promise((resolve) => setTimeout(resolve, 10));
      for (const open of release) open();
      await Promise.all([first.done, second.done]);
      const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(entries).toHaveLength(4);
      for (const [{ id }, routeName, merchantUid] of [
        [first, 'firstRoute', 'ord_first'],
        [second, 'secondRoute', 'ord_second'],
      ] as const) {
        const own = entries.filter((entry) => entry.requestId === id);
        expect(own.map((entry) => entry.message).sort()).toEqual(['After', 'Before']);
        for (const entry of own) expect(entry).toMatchObject({ route: routeName, merchantUid });
      }
    } finally {
      out.mockRestore();
    }
  });
});
