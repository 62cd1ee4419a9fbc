import { Annotations } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import type { RouteGrant } from '../shared/api/define-route.ts';
import type { StatefulStack } from './stateful-stack.ts';

/**
 * What the money path's Lambdas need to reach the payment provider, the wallet and the SMS service:
 * the ARNs of their credential secrets (stateful stack; the JSON values are set by an operator) and
 * the settings that are not secret, from the CDK context key `payments` (cdk.json or
 * `cdk deploy -c payments='{"portoneMerchantCode":"imp12345678",...}'`):
 * - portoneMerchantCode: the provider's merchant identification code the browser SDK is opened with;
 * - naverPayPartnerId: the wallet's partner id, part of its API address;
 * - coolsmsSender: the registered SMS sender number;
 * - holidayServiceKey: the data.go.kr service key of the public holiday service (refunds' business days;
 *   without it a lookup fails, is logged, and counts as no holidays). Give the "Decoding" key of the two
 *   data.go.kr shows (the one with `+`, `/`, `=`): the adapter URL-encodes it, and the "Encoding" key
 *   would arrive encoded twice, refused as SERVICE_KEY_IS_NOT_REGISTERED_ERROR.
 * The release stage talks to the wallet's production hosts, every other stage to its development hosts.
 */
export interface PaymentSettings {
  portoneMerchantCode?: string;
  naverPayPartnerId?: string;
  coolsmsSender?: string;
  holidayServiceKey?: string;
}

/** The public holiday service (data.go.kr SpcdeInfoService; functions/core/adapters/holidays.ts). */
export const HOLIDAY_SERVICE_URL = 'https://apis.data.go.kr/B090041/openapi/service/SpcdeInfoService';

export function paymentSettings(scope: Construct): PaymentSettings {
  return (scope.node.tryGetContext('payments') as PaymentSettings | undefined) ?? {};
}

export function walletHosts(stage: string): { api: string; page: string } {
  return stage === 'release'
    ? { api: 'https://apis.naver.com', page: 'https://m.pay.naver.com' }
    : { api: 'https://dev.apis.naver.com', page: 'https://test-m.pay.naver.com' };
}

/** The environment a route's grants call for, warning at synth about settings the context lacks. */
export function paymentEnvironment(
  scope: Construct,
  grants: ReadonlySet<RouteGrant>,
  stage: string,
  stateful: StatefulStack,
): Record<string, string> {
  const settings = paymentSettings(scope);
  const hosts = walletHosts(stage);
  const environment: Record<string, string> = {};
  const setting = (variable: string, value: string | undefined, key: keyof PaymentSettings) => {
    if (value) environment[variable] = value;
    else
      Annotations.of(scope).addWarningV2(`cutloom:payments-${key}`, `CDK context payments.${key} is not set`);
  };
  if (grants.has('payment:provider')) {
    environment.PORTONE_SECRET_ARN = stateful.paymentProviderSecret.secretArn;
    environment.NAVER_PAY_SECRET_ARN = stateful.walletSecret.secretArn;
    const partner = settings.naverPayPartnerId;
    setting('NAVER_PAY_API_URL', partner && `${hosts.api}/${partner}`, 'naverPayPartnerId');
  }
  if (grants.has('payment:checkout')) {
    environment.NAVER_PAY_PAGE_URL = `${hosts.page}/payments/recurrent/{reserveId}`;
    setting('PORTONE_MERCHANT_CODE', settings.portoneMerchantCode, 'portoneMerchantCode');
  }
  if (grants.has('sms:send')) {
    environment.COOLSMS_SECRET_ARN = stateful.smsSecret.secretArn;
    setting('COOLSMS_SENDER', settings.coolsmsSender, 'coolsmsSender');
  }
  if (grants.has('holidays:read')) {
    environment.HOLIDAY_API_URL = HOLIDAY_SERVICE_URL;
    setting('HOLIDAY_API_KEY', settings.holidayServiceKey, 'holidayServiceKey');
  }
  return environment;
}

/** Read access to exactly the secrets the grants name. */
export function grantPaymentSecrets(
  fn: IFunction,
  grants: ReadonlySet<RouteGrant>,
  stateful: StatefulStack,
): void {
  if (grants.has('payment:provider')) {
    stateful.paymentProviderSecret.grantRead(fn);
    stateful.walletSecret.grantRead(fn);
  }
  if (grants.has('sms:send')) stateful.smsSecret.grantRead(fn);
}
