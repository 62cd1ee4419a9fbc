import { ArnFormat, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { CfnLoggingConfiguration, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { type RouteDefinition, routePath } from '../shared/api/define-route.ts';
import type { IDENTITY_ERRORS } from '../shared/errors/catalogue.ts';

/**
 * The rate limits of the web ACL, per client address (CloudFront's viewer address), in 5 minutes, the
 * window AWS WAF counts over.
 * - everything: 2,000, AWS WAF's suggested default (a visitor loads a page in 20 to 30 requests, the
 *   console exports a 10,000-row list in 20), so a person never meets it and a script soon does;
 * - sign-in, sign-up and payment routes: 100, one every 3 seconds. A customer's whole order (session,
 *   choices, order, charge, the result page's retries) is some 20 of them; sign-in's own lock-out
 *   (10 wrong passwords per account, 50 per address in 15 minutes) answers first in ordinary use, and
 *   this rule stops what it cannot: floods of password hashing (a 1,769 MB function per guess), account
 *   creation and mail, orders and card attempts.
 */
export const EDGE_RATE_LIMITS = { windowSeconds: 300, everything: 2_000, strict: 100 } as const;

/** Sign-in and sign-up: password guessing, accounts made, mails sent. */
const SIGN_IN_ROUTES = ['signIn', 'oauthSignIn', 'signUp', 'oauthSignUp', 'resetPassword'];

/**
 * The routes of the strict rate rule: sign-in and sign-up, and the payment service's routes a customer
 * calls that write (sessions, orders, charges, refunds, card changes, texts). Not the provider's
 * notifications (public: PortOne sends them from a few addresses) nor the console's (admin).
 */
export function strictlyLimitedRoutes(routes: readonly RouteDefinition[]): RouteDefinition[] {
  return routes.filter(
    (route) =>
      SIGN_IN_ROUTES.includes(route.name) ||
      (route.service === 'payment' &&
        (route.caller === 'user' || route.caller === 'guid') &&
        Boolean(route.grants?.includes('table:write'))),
  );
}

export interface EdgeStackProps extends StackProps {
  stage: string;
  routes: readonly RouteDefinition[];
}

/**
 * The web application firewall of the distribution. A web ACL of CloudFront's scope must be made in
 * us-east-1, so this stack is deployed there; the web stack takes the ACL's ARN by a cross-region
 * reference (CDK writes it to an SSM parameter here and reads it there).
 */
export class EdgeStack extends Stack {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const name = `cutloom-${props.stage}-edge`;
    const visibility = (metricName: string) => ({
      cloudWatchMetricsEnabled: true,
      metricName,
      sampledRequestsEnabled: true,
    });
    // A client over a rate limit gets the catalogue's answer, which the site shows in its language.
    const tooManyRequests = {
      block: { customResponse: { responseCode: 429, customResponseBodyKey: 'tooManyRequests' } },
    };
    const managed = (priority: number, ruleName: string, overrides: string[] = []) => ({
      name: ruleName,
      priority,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name: ruleName,
          ruleActionOverrides: overrides.map((rule) => ({ name: rule, actionToUse: { count: {} } })),
        },
      },
      visibilityConfig: visibility(ruleName),
    });
    const strictPaths = strictlyLimitedRoutes(props.routes).map((route) => ({
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'EXACTLY',
        searchString: routePath(route),
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    }));

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(name),
      customResponseBodies: {
        tooManyRequests: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({
            error: {
              code: 'TOO_MANY_REQUESTS' satisfies keyof typeof IDENTITY_ERRORS,
              msg: 'Too many requests',
            },
          }),
        },
      },
      rules: [
        {
          name: 'strict-rate',
          priority: 0,
          action: tooManyRequests,
          statement: {
            rateBasedStatement: {
              aggregateKeyType: 'IP',
              limit: EDGE_RATE_LIMITS.strict,
              evaluationWindowSec: EDGE_RATE_LIMITS.windowSeconds,
              scopeDownStatement:
                strictPaths.length > 1 ? { orStatement: { statements: strictPaths } } : strictPaths[0],
            },
          },
          visibilityConfig: visibility('strict-rate'),
        },
        {
          name: 'rate',
          priority: 1,
          action: tooManyRequests,
          statement: {
            rateBasedStatement: {
              aggregateKeyType: 'IP',
              limit: EDGE_RATE_LIMITS.everything,
              evaluationWindowSec: EDGE_RATE_LIMITS.windowSeconds,
            },
          },
          visibilityConfig: visibility('rate'),
        },
        // Bodies over 8 KB are the console's own (a 10,000-row bulk CSV, a survey form): counted, not
        // blocked; each route's schema bounds its input.
        managed(2, 'AWSManagedRulesCommonRuleSet', ['SizeRestrictions_BODY']),
        managed(3, 'AWSManagedRulesKnownBadInputsRuleSet'),
      ],
    });

    // Blocked and counted requests only, without the headers that carry tokens. WAF requires the group's
    // name to start with aws-waf-logs-.
    const logs = new LogGroup(this, 'WebAclLogs', {
      logGroupName: `aws-waf-logs-${name}`,
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    new CfnLoggingConfiguration(this, 'WebAclLogging', {
      resourceArn: this.webAcl.attrArn,
      // The group's ARN without the `:*` of LogGroup.logGroupArn, as WAF wants it.
      logDestinationConfigs: [
        this.formatArn({
          service: 'logs',
          resource: 'log-group',
          resourceName: logs.logGroupName,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ],
      redactedFields: [{ singleHeader: { Name: 'authorization' } }, { singleHeader: { Name: 'cookie' } }],
      loggingFilter: {
        DefaultBehavior: 'DROP',
        Filters: [
          {
            Behavior: 'KEEP',
            Requirement: 'MEETS_ANY',
            Conditions: [{ ActionCondition: { Action: 'BLOCK' } }, { ActionCondition: { Action: 'COUNT' } }],
          },
        ],
      },
    });
  }
}
