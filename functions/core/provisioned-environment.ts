// A CommonJS package: Node's ESM loader finds no named exports in it.
import xray from 'aws-xray-sdk-core';
import { logger } from './logger.ts';
import { tracer } from './observability.ts';
import { environment } from './settings.ts';

/**
 * Work an environment kept initialised by provisioned concurrency (infra/capacity.ts) does before its first
 * call: Lambda runs its init ahead of any invocation and says so in AWS_LAMBDA_INITIALIZATION_TYPE
 * (https://docs.aws.amazon.com/lambda/latest/dg/provisioned-concurrency.html), so work done then is on no
 * call's path. Each module that does I/O prepares its own (the pipeline its secrets, the data layer its
 * table connection), so a function bundles only the preparation of what it uses. An on-demand environment
 * skips it at once, and a failure is left to the first call, which does the work again.
 */
export async function prepareIfProvisioned(what: string, work: () => Promise<unknown>): Promise<void> {
  if (environment('AWS_LAMBDA_INITIALIZATION_TYPE') !== 'provisioned-concurrency') return;
  // No invocation, so no trace for these calls: they run in a segment of their own that is never sent
  // (without one, X-Ray's SDK logs each as missing Lambda's trace data; AWS_XRAY_CONTEXT_MISSING fixes it so).
  const segment = new xray.Segment(`prepare ${what}`);
  segment.notTraced = true;
  await tracer.provider
    .getNamespace()
    .runPromise(async () => {
      tracer.provider.setSegment(segment);
      await work();
    })
    .catch((error: Error) => logger.warn('The provisioned environment was not prepared', { what, error }));
}
