import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { ROUTE_TIMEOUT_SECONDS } from '../../shared/timeouts.ts';

/** A Lambda-like invocation context with a time budget, as the runtime gives every handler. */
export function lambdaContext(functionName: string, budgetMs = ROUTE_TIMEOUT_SECONDS * 1000): Context {
  const deadline = Date.now() + budgetMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

type ModuleHandler = (event: unknown, context: Context) => Promise<unknown>;
const loaded = new Map<string, Promise<ModuleHandler>>();

/** Imports a handler module (path relative to the repository root, no extension needed) once. */
export function loadHandler(modulePath: string): Promise<ModuleHandler> {
  const file = modulePath.endsWith('.ts') ? modulePath : `${modulePath}.ts`;
  let handler = loaded.get(file);
  if (!handler) {
    handler = import(new URL(`../../${file}`, import.meta.url).href).then(
      (module: { handler?: ModuleHandler }) => {
        if (typeof module.handler !== 'function') throw new Error(`${file} exports no handler`);
        return module.handler;
      },
    );
    loaded.set(file, handler);
  }
  return handler;
}

export async function invokeModule(modulePath: string, event: unknown): Promise<unknown> {
  const handler = await loadHandler(modulePath);
  return handler(event, lambdaContext(modulePath.split('/').pop() ?? modulePath));
}
