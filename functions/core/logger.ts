import { LogFormatter, Logger, LogItem } from '@aws-lambda-powertools/logger';
import type { LogAttributes, UnformattedAttributes } from '@aws-lambda-powertools/logger/types';
import { OBSERVED_SERVICE } from '../../shared/observability/product-metrics.ts';
import { environment } from './settings.ts';

/**
 * The product's log line: the fields the product has always written (`level` in lower case, `message`,
 * `time`), Powertools' `service`, the invocation's `requestId` (Lambda's, the one API Gateway's access log
 * names as `functionRequestId`), `coldStart`, the X-Ray trace id, then the invocation's keys (`route` or
 * `job`, `merchantUid`, `jobId`, ...) and the line's own fields.
 */
class ProductLogFormatter extends LogFormatter {
  override formatAttributes(attributes: UnformattedAttributes, additional: LogAttributes): LogItem {
    return new LogItem({
      attributes: {
        level: attributes.logLevel.toLowerCase(),
        message: attributes.message,
        time: attributes.timestamp.toISOString(),
        service: attributes.serviceName,
        requestId: attributes.lambdaContext?.awsRequestId,
        coldStart: attributes.lambdaContext?.coldStart,
        xrayTraceId: attributes.xRayTraceId,
      },
    }).addAttributes(additional);
  }
}

/**
 * Powertools Logger: one JSON line per call (CloudWatch Logs Insights reads the fields), below the level
 * of `LOG_LEVEL` (info by default) dropped. Never pass request bodies, passwords or tokens: callers log
 * identifiers and outcomes only, and the pipeline never logs the event (functions/core/observability.ts).
 */
export const powertoolsLogger = new Logger({
  serviceName: OBSERVED_SERVICE,
  logFormatter: new ProductLogFormatter(),
  logLevel: (environment('LOG_LEVEL') ?? 'info').toUpperCase() as 'INFO',
});

type Fields = Record<string, unknown>;

export const logger = {
  debug: (message: string, fields?: Fields) => powertoolsLogger.debug(message, fields ?? {}),
  info: (message: string, fields?: Fields) => powertoolsLogger.info(message, fields ?? {}),
  warn: (message: string, fields?: Fields) => powertoolsLogger.warn(message, fields ?? {}),
  error: (message: string, fields?: Fields) => powertoolsLogger.error(message, fields ?? {}),
};
