// A CommonJS package: Node's ESM loader finds no named exports in it.
import xray from 'aws-xray-sdk-core';
import { ORIGIN_SECRET_ARN_VARIABLE } from '../../shared/api/origin-secret.ts';
import { secretText } from './adapters/secrets.ts';
import { openTableConnection } from './data/table-connection.ts';
import { logger } from './logger.ts';
import { tracer } from './observability.ts';
import { environment, isGiven, requiredEnvironment } from './settings.ts';

/**
 * What an environment kept initialised by provisioned concurrency (infra/capacity.ts) does before its first
 * call: Lambda runs its init ahead of any invocation and says so in AWS_LAMBDA_INITIALIZATION_TYPE
 * (https://docs.aws.amazon.com/lambda/latest/dg/provisioned-concurrency.html), so work done here is on no
 * call's path. It reads the secrets its calls read (the origin key; the token key where given) into the
 * cache and opens the connection to the table with a read of no item. An on-demand environment skips it,
 * and a failure is left to the first call, which reads again.
 */
export async function prepareProvisionedEnvironment(): Promise<void> {
  if (environment('AWS_LAMBDA_INITIALIZATION_TYPE') !== 'provisioned-concurrency') return;
  // Only what this function is given: a variable its template leaves out is not read (the local runtime's
  // --lambda mode reports any read of one).
  const secrets = [ORIGIN_SECRET_ARN_VARIABLE, 'ID_TOKEN_SECRET_ARN'] as const;
  // No invocation, so no trace for these calls: they run in a segment of their own that is never sent
  // (without one, X-Ray's SDK logs each as missing Lambda's trace data; AWS_XRAY_CONTEXT_MISSING fixes it so).
  const segment = new xray.Segment('prepare-provisioned-environment');
  segment.notTraced = true;
  await tracer.provider
    .getNamespace()
    .runPromise(async () => {
      tracer.provider.setSegment(segment);
      await Promise.all([
        ...secrets.filter(isGiven).map((name) => secretText(requiredEnvironment(name))),
        isGiven('TABLE_NAME') ? openTableConnection() : undefined,
      ]);
    })
    .catch((error: Error) => logger.warn('The provisioned environment was not prepared', { error }));
}
