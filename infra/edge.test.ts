import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { routePath } from '../shared/api/define-route.ts';
import { ORIGIN_SECRET_ARN_VARIABLE, ORIGIN_SECRET_HEADER } from '../shared/api/origin-secret.ts';
import { ROUTES } from '../shared/api/routes.ts';
import { EDGE_RATE_LIMITS, strictlyLimitedRoutes } from './edge-stack.ts';
import { appTemplates, testApp } from './test-app.ts';

/**
 * The edge: a CloudFront-scope web ACL (made in us-east-1) on the distribution, and the API reachable
 * only through it: CloudFront sends the stage's origin secret, every route's function requires it.
 */
const built = testApp();
const edge = Template.fromStack(built.edge);
const web = Template.fromStack(built.web);
type Rule = { Name: string; Priority: number; Statement: Record<string, unknown>; Action?: unknown };
const [acl] = Object.values(edge.findResources('AWS::WAFv2::WebACL')) as Array<{
  Properties: { Scope: string; Rules: Rule[]; CustomResponseBodies: Record<string, { Content: string }> };
}>;
const rule = (name: string) => acl?.Properties.Rules.find((entry) => entry.Name === name);
const originSecretId = built.stateful.getLogicalId(built.stateful.originSecret.node.defaultChild as never);

describe('the web ACL', () => {
  it('is made in us-east-1 with CloudFront scope and attached to the distribution through a cross-region reference', () => {
    expect(built.edge.region).toBe('us-east-1');
    expect(acl?.Properties.Scope).toBe('CLOUDFRONT');
    const [distribution] = Object.values(web.findResources('AWS::CloudFront::Distribution'));
    const webAclId = JSON.stringify(distribution?.Properties.DistributionConfig.WebACLId);
    expect(webAclId).toMatch(/ExportsReader.*WebAclArn/);
    edge.resourceCountIs('Custom::CrossRegionExportWriter', 1);
  });

  it("runs AWS's common and known-bad-inputs rule groups, counting only the body size the console's bulk uploads exceed", () => {
    const common = rule('AWSManagedRulesCommonRuleSet')?.Statement.ManagedRuleGroupStatement as {
      VendorName: string;
      RuleActionOverrides: Array<{ Name: string; ActionToUse: unknown }>;
    };
    expect(common.VendorName).toBe('AWS');
    expect(common.RuleActionOverrides).toEqual([
      { Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } },
    ]);
    expect(rule('AWSManagedRulesKnownBadInputsRuleSet')).toBeDefined();
  });

  it('limits every address, and sign-in, sign-up and payment routes more strictly, answering 429 with a catalogue error', () => {
    const everything = rule('rate')?.Statement.RateBasedStatement as Record<string, unknown>;
    expect(everything).toMatchObject({ AggregateKeyType: 'IP', Limit: EDGE_RATE_LIMITS.everything });
    expect(everything).not.toHaveProperty('ScopeDownStatement');
    const strict = rule('strict-rate')?.Statement.RateBasedStatement as {
      Limit: number;
      ScopeDownStatement: {
        OrStatement: { Statements: Array<{ ByteMatchStatement: { SearchString: string } }> };
      };
    };
    expect(strict.Limit).toBe(EDGE_RATE_LIMITS.strict);
    expect(strict.Limit).toBeLessThan(EDGE_RATE_LIMITS.everything);
    const paths = strict.ScopeDownStatement.OrStatement.Statements.map(
      (entry) => entry.ByteMatchStatement.SearchString,
    );
    expect(paths).toEqual(strictlyLimitedRoutes(ROUTES).map(routePath));
    expect(paths).toEqual(
      expect.arrayContaining([
        '/auth/v2/sign-in',
        '/auth/v2/oauth-sign-in',
        '/auth/sign-up',
        '/auth/oauth-sign-up',
        '/auth/reset-password',
        '/payment/insert-payment-progress',
        '/payment/create-billing-key-payment',
        '/payment/get-payment-result',
        '/payment/cancel-payment-user',
        '/payment/request-send-coolsms',
      ]),
    );
    // The provider's notifications and the console are not a customer's calls.
    for (const other of ['/payment/portone-webhook', '/payment/cancel-payment', '/auth/admin-user-list'])
      expect(paths).not.toContain(other);
    for (const name of ['strict-rate', 'rate'])
      expect(rule(name)?.Action).toEqual({
        Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: 'tooManyRequests' } },
      });
    expect(JSON.parse(acl?.Properties.CustomResponseBodies.tooManyRequests?.Content ?? '')).toEqual({
      error: { code: 'TOO_MANY_REQUESTS', msg: 'Too many requests' },
    });
    // Strict first: a sign-in flood is stopped by its own rule before the general one.
    expect(rule('strict-rate')?.Priority).toBeLessThan(rule('rate')?.Priority ?? 0);
  });

  it('logs what it blocks or counts, without the headers that carry tokens', () => {
    edge.hasResourceProperties('AWS::WAFv2::LoggingConfiguration', {
      RedactedFields: [{ SingleHeader: { Name: 'authorization' } }, { SingleHeader: { Name: 'cookie' } }],
      LoggingFilter: Match.objectLike({ DefaultBehavior: 'DROP' }),
    });
    edge.hasResourceProperties('AWS::Logs::LogGroup', {
      LogGroupName: Match.stringLikeRegexp('^aws-waf-logs-'),
    });
  });
});

describe('the API behind the distribution', () => {
  // CloudFront's origin header is configuration by nature: it holds the current key of the rotating secret.
  const secretReference = new RegExp(
    `\\{\\{resolve:secretsmanager:.*${originSecretId}.*:SecretString:key::\\}\\}`,
  );

  it("is sent the stage's origin secret by CloudFront on every API origin", () => {
    const [distribution] = Object.values(web.findResources('AWS::CloudFront::Distribution'));
    const origins = distribution?.Properties.DistributionConfig.Origins as Array<{
      CustomOriginConfig?: unknown;
      OriginCustomHeaders?: Array<{ HeaderName: string; HeaderValue: unknown }>;
    }>;
    const apiOrigins = origins.filter((origin) => origin.CustomOriginConfig);
    expect(apiOrigins).toHaveLength(Object.keys(built.services).length);
    for (const origin of apiOrigins) {
      const header = origin.OriginCustomHeaders?.find((entry) => entry.HeaderName === ORIGIN_SECRET_HEADER);
      expect(flatJoin(header?.HeaderValue)).toMatch(secretReference);
    }
  });

  it('gives every route function the ARN of the secret to read at run time, never its value', () => {
    const functions = Object.values(built.services).flatMap((stack) =>
      stack.node.children
        .filter((child) => 'nestedStackResource' in child)
        .flatMap((child) =>
          Object.values(Template.fromStack(child as never).findResources('AWS::Lambda::Function')),
        ),
    );
    expect(functions).toHaveLength(ROUTES.length);
    for (const fn of functions)
      expect(JSON.stringify(fn.Properties.Environment.Variables[ORIGIN_SECRET_ARN_VARIABLE])).toContain(
        originSecretId,
      );
  });

  it('puts no secret value in any function environment of the app', () => {
    for (const template of appTemplates(built))
      for (const [id, fn] of Object.entries(template.findResources('AWS::Lambda::Function')))
        expect(JSON.stringify(fn.Properties?.Environment ?? {}), id).not.toContain('resolve:secretsmanager');
  });
});

/** A value built with Fn::Join, as one string (imports written as their export names). */
function flatJoin(value: unknown): string {
  if (typeof value === 'string') return value;
  const join = (value as { 'Fn::Join'?: [string, unknown[]] })?.['Fn::Join'];
  if (join) return join[1].map(flatJoin).join(join[0]);
  const imported = (value as { 'Fn::ImportValue'?: string })?.['Fn::ImportValue'];
  return imported ?? JSON.stringify(value);
}

describe("the site's domain", () => {
  const certificateArn =
    'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-4000-8000-000000000000';

  it('is served with its certificate and at least TLS 1.2 (TLSv1.2_2021) when the context gives one', () => {
    const withDomain = testApp(
      [],
      {},
      { domain: { names: ['www.cutloom.example', 'cutloom.example'], certificateArn } },
    );
    Template.fromStack(withDomain.web).hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['www.cutloom.example', 'cutloom.example'],
        ViewerCertificate: {
          AcmCertificateArn: certificateArn,
          MinimumProtocolVersion: 'TLSv1.2_2021',
          SslSupportMethod: 'sni-only',
        },
      }),
    });
    Annotations.fromStack(withDomain.web).hasNoWarning('*', Match.stringLikeRegexp('domain'));
  });

  it('without one, is the default *.cloudfront.net name, and synth says what production lacks', () => {
    Annotations.fromStack(built.web).hasWarning('*', Match.stringLikeRegexp('no custom domain'));
  });

  it('refuses a certificate outside us-east-1, which CloudFront cannot use', () => {
    expect(() =>
      testApp(
        [],
        {},
        {
          domain: {
            names: ['www.cutloom.example'],
            certificateArn: certificateArn.replace('us-east-1', 'ap-northeast-2'),
          },
        },
      ),
    ).toThrow(/us-east-1/);
  });
});
