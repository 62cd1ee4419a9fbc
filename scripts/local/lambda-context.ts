import { randomUUID } from 'node:crypto';
import { InvokeStore, InvokeStoreBase } from '@aws/lambda-invoke-store';
import type { Context } from 'aws-lambda';
import { ROUTE_TIMEOUT_SECONDS } from '../../shared/timeouts.ts';

/**
 * Handlers run side by side in this one process, as invocations do in Lambda's multi-concurrency
 * execution environments: there the runtime sets AWS_LAMBDA_MAX_CONCURRENCY and runs each invocation in
 * an InvokeStore context of its own, which Powertools reads to keep each invocation's log keys, Lambda
 * context and metrics apart (functions/core/observability.ts). The local runtime does the same.
 */
process.env.AWS_LAMBDA_MAX_CONCURRENCY ??= '1000';
const invokeStore = await InvokeStore.getInstanceAsync();

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

/** Runs one invocation in its own InvokeStore context, as Lambda's runtime does. */
export function runInvocation<T>(context: Context, invoke: () => T): T {
  return invokeStore.run({ [InvokeStoreBase.PROTECTED_KEYS.REQUEST_ID]: context.awsRequestId }, invoke);
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
        const handle = module.handler;
        if (typeof handle !== 'function') throw new Error(`${file} exports no handler`);
        return (event, context) => runInvocation(context, () => handle(event, context));
      },
    );
    loaded.set(file, handler);
  }
  return handler;
}

/** The one-process runtime's invocation (StandInContext.invokeModule): the module, whatever triggered it. */
export async function invokeModule(modulePath: string, event: unknown, budgetMs?: number): Promise<unknown> {
  const handler = await loadHandler(modulePath);
  return handler(event, lambdaContext(modulePath.split('/').pop() ?? modulePath, budgetMs));
}
