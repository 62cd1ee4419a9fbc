import type { Construct } from 'constructs';
import { type FunctionNeed, functionEnvironment } from '../functions/core/environment-variables.ts';
import { METRICS_NAMESPACE, OBSERVED_SERVICE } from '../shared/observability/product-metrics.ts';
import { warnUnsetSettings } from './payment-settings.ts';

/**
 * A deployed function's environment, built from the declaration (functions/core/environment-variables.ts)
 * for its needs: picked from `values`, what the stack can give, beside what every function of the stage
 * gets; a needed setting the CDK context lacks is warned about at synth.
 */
export function deployedEnvironment(
  scope: Construct,
  stage: string,
  needs: ReadonlySet<FunctionNeed>,
  values: Readonly<Record<string, string | undefined>>,
): Record<string, string> & { STAGE: string } {
  const { environment, unset } = functionEnvironment(needs, {
    STAGE: stage,
    POWERTOOLS_SERVICE_NAME: OBSERVED_SERVICE,
    POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
    ...values,
  });
  warnUnsetSettings(scope, unset);
  return { ...environment, STAGE: stage };
}
