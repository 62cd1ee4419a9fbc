import { Annotations } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import type { RouteGrant } from '../shared/api/define-route.ts';
import type { StatefulStack } from './stateful-stack.ts';

/**
 * What the money path's Lambdas need to reach the payment provider, the wallet and the SMS service (with
 * the 알림톡's channel), and the sign-in routes Kakao and Naver:
 * the ARNs of their credential secrets (stateful stack; the JSON values are set by an operator) and
 * the settings that are not secret, from the CDK context key `payments` (cdk.json or
 * `cdk deploy -c payments='{"portoneMerchantCode":"imp12345678",...}'`):
 * - portoneMerchantCode: the provider's merchant identification code the browser SDK is opened with;
 * - portoneReceiptChannelKey: the channel key (PortOne console, 결제 연동 > 채널 관리) of the virtual-account
 *   channel, on which a cash receipt is issued for what a refund by bank transfer kept;
 * - naverPayPartnerId: the wallet's partner id, part of its API address;
 * - coolsmsSender: the registered SMS sender number;
 * - taxInvoiceSupplier: the supplier of every tax invoice, the company Popbill knows as its member
 *   (`{corpNum, companyName, ceoName, address, businessType, businessItem, email}`, functions/core/adapters/
 *   popbill.ts SupplierSchema); Popbill's test bed serves every stage but release;
 * - holidayServiceKey: the data.go.kr service key of the public holiday service (refunds' business days;
 *   without it a lookup fails, is logged, and counts as no holidays). Give the "Decoding" key of the two
 *   data.go.kr shows (the one with `+`, `/`, `=`): the adapter URL-encodes it, and the "Encoding" key
 *   would arrive encoded twice, refused as SERVICE_KEY_IS_NOT_REGISTERED_ERROR.
 * The release stage talks to the wallet's production hosts, every other stage to its development hosts.
 */
export interface PaymentSettings {
  portoneMerchantCode?: string;
  portoneReceiptChannelKey?: string;
  naverPayPartnerId?: string;
  coolsmsSender?: string;
  holidayServiceKey?: string;
  taxInvoiceSupplier?: Record<string, string>;
}

/** The public holiday service (data.go.kr SpcdeInfoService; functions/core/adapters/holidays.ts). */
export const HOLIDAY_SERVICE_URL = 'https://apis.data.go.kr/B090041/openapi/service/SpcdeInfoService';

export function paymentSettings(scope: Construct): PaymentSettings {
  const value: unknown = scope.node.tryGetContext('payments');
  // cdk.json gives an object; `-c payments='{…}'` on the command line gives the JSON text.
  return ((typeof value === 'string' ? JSON.parse(value) : value) as PaymentSettings | undefined) ?? {};
}

export function walletHosts(stage: string): { api: string; page: string } {
  return stage === 'release'
    ? { api: 'https://apis.naver.com', page: 'https://m.pay.naver.com' }
    : { api: 'https://dev.apis.naver.com', page: 'https://test-m.pay.naver.com' };
}

/**
 * The money path's variables in a stage (which function gets which is the declaration's business:
 * functions/core/environment-variables.ts); a setting the context lacks is left unset.
 */
export function paymentValues(
  scope: Construct,
  stage: string,
  stateful: StatefulStack,
): Record<string, string | undefined> {
  const settings = paymentSettings(scope);
  const hosts = walletHosts(stage);
  const partner = settings.naverPayPartnerId;
  return {
    PORTONE_SECRET_ARN: stateful.paymentProviderSecret.secretArn,
    NAVER_PAY_SECRET_ARN: stateful.walletSecret.secretArn,
    NAVER_PAY_API_URL: partner && `${hosts.api}/${partner}`,
    NAVER_PAY_PAGE_URL: `${hosts.page}/payments/recurrent/{reserveId}`,
    PORTONE_MERCHANT_CODE: settings.portoneMerchantCode,
    PORTONE_RECEIPT_CHANNEL_KEY: settings.portoneReceiptChannelKey,
    COOLSMS_SECRET_ARN: stateful.smsSecret.secretArn,
    COOLSMS_SENDER: settings.coolsmsSender,
    ALIMTALK_SECRET_ARN: stateful.alimtalkSecret.secretArn,
    KAKAO_LOGIN_SECRET_ARN: stateful.kakaoLoginSecret.secretArn,
    NAVER_LOGIN_SECRET_ARN: stateful.naverLoginSecret.secretArn,
    HOLIDAY_API_URL: HOLIDAY_SERVICE_URL,
    HOLIDAY_API_KEY: settings.holidayServiceKey,
    POPBILL_SECRET_ARN: stateful.popbillSecret.secretArn,
    POPBILL_TEST_BED: String(stage !== 'release'),
    TAX_INVOICE_SUPPLIER: settings.taxInvoiceSupplier && JSON.stringify(settings.taxInvoiceSupplier),
  };
}

/** The context key each money-path variable comes from. */
const SETTING_OF_VARIABLE: Readonly<Record<string, keyof PaymentSettings>> = {
  NAVER_PAY_API_URL: 'naverPayPartnerId',
  PORTONE_MERCHANT_CODE: 'portoneMerchantCode',
  PORTONE_RECEIPT_CHANNEL_KEY: 'portoneReceiptChannelKey',
  COOLSMS_SENDER: 'coolsmsSender',
  HOLIDAY_API_KEY: 'holidayServiceKey',
  TAX_INVOICE_SUPPLIER: 'taxInvoiceSupplier',
};

/**
 * Warns at synth about each setting a function needs and the context lacks; a needed variable that is
 * no setting has no value only by a mistake of the stack, refused.
 */
export function warnUnsetSettings(scope: Construct, unset: readonly string[]): void {
  for (const variable of unset) {
    const key = SETTING_OF_VARIABLE[variable];
    if (!key) throw new Error(`${scope.node.path} needs ${variable} and the stack gives it no value`);
    Annotations.of(scope).addWarningV2(`cutloom:payments-${key}`, `CDK context payments.${key} is not set`);
  }
}

/** Read access to exactly the secrets the grants name (the sign-in providers' and the notices' too). */
export function grantPaymentSecrets(
  fn: IFunction,
  grants: ReadonlySet<RouteGrant>,
  stateful: StatefulStack,
): void {
  if (grants.has('payment:provider')) {
    stateful.paymentProviderSecret.grantRead(fn);
    stateful.walletSecret.grantRead(fn);
  }
  // The customer notices' 알림톡 goes where their mail goes (functions/core/mails/customer-mails.ts).
  if (grants.has('sms:send') || grants.has('mail:send')) {
    stateful.smsSecret.grantRead(fn);
    stateful.alimtalkSecret.grantRead(fn);
  }
  if (grants.has('tax-invoice:issue')) stateful.popbillSecret.grantRead(fn);
  if (grants.has('oauth:providers')) {
    stateful.kakaoLoginSecret.grantRead(fn);
    stateful.naverLoginSecret.grantRead(fn);
  }
}
