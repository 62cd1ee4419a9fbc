import type { Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { defineRoute, type RouteGrant } from '../shared/api/define-route.ts';
import { ROUTES } from '../shared/api/routes.ts';
import { HOLIDAY_SERVICE_URL, walletHosts } from './payment-settings.ts';
import { PAYMENT_CONTEXT, testApp } from './test-app.ts';

/** A route per grant of the money path, beside the real route table. */
const probe = (name: string, grants: RouteGrant[]) =>
  defineRoute({
    name,
    service: 'payment',
    method: 'POST',
    path: `/${name}`,
    caller: 'public',
    summary: 'probe',
    request: z.object({}),
    response: z.object({}),
    handler: 'payment-provider/get-checkout-settings',
    grants,
  });
const routes = [
  ...ROUTES,
  probe('probeProvider', ['payment:provider']),
  probe('probeSms', ['sms:send']),
  probe('probeTaxInvoice', ['tax-invoice:issue']),
  probe('probeNothing', ['table:read']),
];

function functionsAndPolicies(stack: Stack) {
  const templates = [
    Template.fromStack(stack),
    ...stack.node.children
      .filter((child) => 'nestedStackResource' in child)
      .map((child) => Template.fromStack(child as never)),
  ];
  return {
    functions: templates.flatMap((template) =>
      Object.entries(template.findResources('AWS::Lambda::Function')),
    ),
    policies: templates.flatMap((template) => Object.values(template.findResources('AWS::IAM::Policy'))),
  };
}

describe('the money path in AWS', () => {
  const built = testApp(routes, { payments: PAYMENT_CONTEXT });
  const { functions, policies } = functionsAndPolicies(built.services.payment);
  const environmentOf = (name: string) =>
    (functions.find(([id]) => id.startsWith(name))?.[1].Properties.Environment.Variables ?? {}) as Record<
      string,
      unknown
    >;
  const secretsReadBy = (name: string) =>
    JSON.stringify(
      policies
        .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(name))
        .flatMap((policy) => policy.Properties.PolicyDocument.Statement)
        .filter((statement: { Action: string | string[] }) =>
          [statement.Action].flat().includes('secretsmanager:GetSecretValue'),
        ),
    );

  it('keeps the outside services credentials as retained JSON secrets', () => {
    const stateful = Template.fromStack(built.stateful);
    // PortOne, Naver Pay, SOLAPI (SMS and 알림톡), Popbill, Kakao and Naver Login, the canary's sign-in, the
    // token key and the origin secret.
    stateful.resourceCountIs('AWS::SecretsManager::Secret', 10);
    for (const keys of ['apiKey', 'clientId', 'linkId', 'pfId']) {
      stateful.hasResource('AWS::SecretsManager::Secret', {
        DeletionPolicy: 'Retain',
        Properties: Match.objectLike({ SecretString: Match.stringLikeRegexp(keys) }),
      });
    }
  });

  it('gives the provider and wallet secrets and the wallet API only to routes granted payment:provider', () => {
    const env = environmentOf('probeProvider');
    expect(Object.keys(env)).toEqual(expect.arrayContaining(['PORTONE_SECRET_ARN', 'NAVER_PAY_SECRET_ARN']));
    expect(env.NAVER_PAY_API_URL).toBe('https://dev.apis.naver.com/np_abcde');
    expect(secretsReadBy('probeProvider')).toMatch(/PaymentProviderSecret/);
    expect(secretsReadBy('probeProvider')).toMatch(/WalletSecret/);
    expect(secretsReadBy('probeProvider')).not.toMatch(/SmsSecret/);
    for (const other of ['probeSms', 'probeNothing', 'getCheckoutSettings']) {
      expect(environmentOf(other), other).not.toHaveProperty('PORTONE_SECRET_ARN');
      expect(secretsReadBy(other), other).not.toMatch(/PaymentProviderSecret/);
    }
  });

  it('gives the SMS secret and sender only to routes granted sms:send', () => {
    expect(environmentOf('probeSms')).toMatchObject({ COOLSMS_SENDER: '0212345678' });
    expect(environmentOf('probeSms')).toHaveProperty('COOLSMS_SECRET_ARN');
    expect(secretsReadBy('probeSms')).toMatch(/SmsSecret/);
    expect(environmentOf('probeNothing')).not.toHaveProperty('COOLSMS_SECRET_ARN');
  });

  it('gives Popbill’s secret, its test bed and the supplier only to functions granted tax-invoice:issue', () => {
    expect(environmentOf('probeTaxInvoice')).toMatchObject({
      POPBILL_TEST_BED: 'true',
      TAX_INVOICE_SUPPLIER: JSON.stringify(PAYMENT_CONTEXT.taxInvoiceSupplier),
    });
    expect(environmentOf('probeTaxInvoice')).toHaveProperty('POPBILL_SECRET_ARN');
    expect(secretsReadBy('probeTaxInvoice')).toMatch(/PopbillSecret/);
    for (const other of ['probeProvider', 'probeNothing', 'getCheckoutSettings']) {
      expect(environmentOf(other), other).not.toHaveProperty('POPBILL_SECRET_ARN');
      expect(secretsReadBy(other), other).not.toMatch(/PopbillSecret/);
    }
  });

  it('gives the refund routes the holiday service and its key, and other routes neither', () => {
    for (const refund of ['userRefundInfo', 'cancelPaymentUser', 'adminCancelPayment']) {
      expect(environmentOf(refund), refund).toMatchObject({
        HOLIDAY_API_URL: HOLIDAY_SERVICE_URL,
        HOLIDAY_API_KEY: 'holiday-key',
      });
    }
    expect(environmentOf('probeProvider')).not.toHaveProperty('HOLIDAY_API_KEY');
  });

  it('gives the checkout settings route the merchant code and the wallet page, and no service secret', () => {
    expect(environmentOf('getCheckoutSettings')).toMatchObject({
      PORTONE_MERCHANT_CODE: 'imp12345678',
      NAVER_PAY_PAGE_URL: 'https://test-m.pay.naver.com/payments/recurrent/{reserveId}',
    });
    // Every API function reads the origin secret (the CloudFront header check); no other.
    expect(secretsReadBy('getCheckoutSettings')).toMatch(/OriginSecret/);
    expect(secretsReadBy('getCheckoutSettings')).not.toMatch(/PaymentProvider|Wallet|Sms|IdToken/);
  });

  it('reads the settings given on the command line as JSON text (`cdk deploy -c payments=…`) as it reads cdk.json', () => {
    // The deploy check gives them so; read as an object, every setting was silently unset (found by
    // `npm start -- --lambda`: the checkout settings function read a merchant code its template lacked).
    const fromCommandLine = testApp(routes, { payments: JSON.stringify(PAYMENT_CONTEXT) });
    const variables = functionsAndPolicies(fromCommandLine.services.payment).functions.find(([id]) =>
      id.startsWith('getCheckoutSettings'),
    )?.[1].Properties.Environment.Variables;
    expect(variables).toMatchObject({ PORTONE_MERCHANT_CODE: 'imp12345678' });
  });

  it('uses the wallet production hosts on the release stage only', () => {
    expect(walletHosts('release')).toEqual({
      api: 'https://apis.naver.com',
      page: 'https://m.pay.naver.com',
    });
    expect(walletHosts('dev').api).toBe('https://dev.apis.naver.com');
  });

  it('warns at synth when a setting is missing from the context', () => {
    const bare = testApp(routes);
    const warnings = Annotations.fromStack(bare.services.payment).findWarning(
      '*',
      Match.stringLikeRegexp('payments.portoneMerchantCode'),
    );
    expect(warnings.length).toBeGreaterThan(0);
  });
});
