import { InvokeStore } from '@aws/lambda-invoke-store';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { Metrics } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy, { type MiddlewareObj } from '@middy/core';
import type { Context, SQSEvent } from 'aws-lambda';
import {
  METRICS_NAMESPACE,
  OBSERVED_SERVICE,
  PRODUCT_METRICS,
  type ProductMetricId,
} from '../../shared/observability/product-metrics.ts';
import { logger, powertoolsLogger } from './logger.ts';
import { environment, settings } from './settings.ts';

/**
 * Powertools' Tracer, Metrics and Logger middlewares for every function: the routes' pipeline
 * (functions/core/pipeline.ts) and the queue consumers and scheduled targets (`observedJob`).
 *
 * - Tracer: active only in Lambda (X-Ray active tracing, set by infra/bundling.ts); elsewhere it does
 *   nothing. Responses are never put in a trace (they hold tokens); errors are, for a failure.
 * - Metrics: EMF lines on stdout, which CloudWatch turns into the metrics of
 *   shared/observability/product-metrics.ts. On one machine the same lines are printed by the runtime.
 */
// Powertools keeps each invocation's state apart when AWS_LAMBDA_MAX_CONCURRENCY is set, in the
// InvokeStore that Lambda's runtime makes before it loads the handler. A host that runs invocations side
// by side without that runtime (the local runtime, a test worker it starts) gets the store made here.
if (environment('AWS_LAMBDA_MAX_CONCURRENCY') !== undefined) await InvokeStore.getInstanceAsync();

export const tracer = new Tracer({ serviceName: OBSERVED_SERVICE });

export const metrics = new Metrics({
  namespace: METRICS_NAMESPACE,
  serviceName: OBSERVED_SERVICE,
  defaultDimensions: { stage: settings.stage },
  // Most invocations emit no metric, so Powertools' warning about an empty flush would be noise.
  logger: {
    ...console,
    warn: (message: string) =>
      message.startsWith('No application metrics') ? logger.debug(message) : logger.warn(message),
  },
});

/** Counts events of a product metric in the current invocation (one unless told; flushed when it ends). */
export function countMetric(id: ProductMetricId, count = 1): void {
  const metric = PRODUCT_METRICS[id];
  metrics.addMetric(metric.name, metric.unit, count);
}

/** An AWS SDK v3 client whose calls appear in the trace as subsegments named by service and operation. */
export function traced<Client>(client: Client): Client {
  return tracer.captureAWSv3Client(client);
}

/** Identifiers that name what an invocation is about: they go on every log line of it. */
export function correlationKeys(value: unknown): Record<string, string> {
  const keys: Record<string, string> = {};
  if (typeof value !== 'object' || value === null) return keys;
  for (const key of ['merchantUid', 'jobId'] as const) {
    const id = (value as Record<string, unknown>)[key];
    if (typeof id === 'string' && id !== '') keys[key] = id;
  }
  return keys;
}

/**
 * The observability middlewares, outermost first: the logger gets the invocation's context and keys
 * (`route` or `job` and `correlationKeys`, reset at the end), the tracer a handler subsegment, and the
 * metrics are flushed at the end. A middleware that answers early must call Powertools'
 * `cleanupMiddlewares` so that these still end the invocation.
 */
export function observability<Event>(
  keys: (event: Event) => Record<string, string>,
): MiddlewareObj<Event, unknown, Error, Context>[] {
  return [
    injectLambdaContext(powertoolsLogger, { resetKeys: true, logEvent: false }),
    { before: (request) => powertoolsLogger.appendKeys(keys(request.event)) },
    captureLambdaHandler(tracer, { captureResponse: false }),
    logMetrics(metrics),
  ];
}

/** The body of the one message an SQS consumer gets (messagesPerInvocation 1), parsed when it is JSON. */
function soleMessage(event: unknown): unknown {
  const records = (event as Partial<SQSEvent> | null)?.Records;
  if (!Array.isArray(records) || records.length !== 1) return undefined;
  try {
    return JSON.parse(records[0]?.body ?? '');
  } catch {
    return undefined;
  }
}

/**
 * A queue consumer or scheduled target with the observability middlewares: `job` names it on every
 * log line, with the merchantUid or jobId of its event (or of its one SQS message).
 */
export function observedJob<Event, Result>(job: string, handle: (event: Event) => Promise<Result>) {
  return middy<Event, Result, Error, Context>(handle).use(
    observability<Event>((event) => ({
      job,
      ...correlationKeys(event),
      ...correlationKeys(soleMessage(event)),
    })) as MiddlewareObj<Event, Result, Error, Context>[],
  );
}
