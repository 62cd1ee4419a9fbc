import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { defineRoute, type RouteDefinition } from '../shared/api/define-route.ts';
import { ROUTES } from '../shared/api/routes.ts';
import { appTemplates, testApp } from './test-app.ts';

function resourceCounts(built: ReturnType<typeof testApp>): number[] {
  return appTemplates(built).map((template) => Object.keys(template.toJSON().Resources ?? {}).length);
}

describe('CloudFormation limits', () => {
  it('keeps every stack and nested stack under 500 resources with the real route table', () => {
    for (const count of resourceCounts(testApp())) expect(count).toBeLessThan(500);
  });

  it('still does with 300 routes on one service', () => {
    const many: RouteDefinition[] = Array.from({ length: 300 }, (_, index) =>
      defineRoute({
        name: `syntheticRoute${index}`,
        service: 'payment',
        method: 'POST',
        path: `/synthetic-${index}`,
        caller: index % 2 ? 'user' : 'public',
        summary: 'synthetic',
        request: z.object({}),
        response: z.object({}),
        handler: 'plans/get-payment-plan-info-v2',
        grants: ['table:read'],
      }),
    );
    const counts = resourceCounts(testApp([...ROUTES, ...many]));
    expect(Math.max(...counts)).toBeLessThan(500);
  });
});

describe('cdk-nag AwsSolutions', () => {
  // The same pack runs on every `cdk synth` too (infra/app.ts registers it with Validations.of(app)).
  // With credentials the CLI gives the app the account (CDK_DEFAULT_ACCOUNT), and ARNs that held the
  // account's token then hold its number: every acknowledgement must match both.
  it.each([
    ['without an account (offline synth)', undefined],
    ['with an account, as `cdk deploy` synthesises with credentials', '123456789012'],
  ])('finds no unacknowledged error in the app %s', (_, account) => {
    const { app } = testApp(undefined, {}, account ? { account } : {});
    // Synthesised first, as `cdk synth` does: cross-stack references are then resolved into the
    // imports the deployed policies hold, which is what the findings (and acknowledgements) name.
    app.synth();
    const pack = new AwsSolutionsChecks(app);
    const report = pack.validateScope(app);
    const errors = report.violations.filter((violation) => violation.severity === 'error');
    expect(
      errors.map(
        (violation) =>
          `${violation.ruleName}: ${violation.violatingResources.map((r) => r.constructPath).join(', ')}`,
      ),
    ).toEqual([]);
    const warnings = report.violations.filter((violation) => violation.severity === 'warning');
    if (warnings.length)
      console.info(`cdk-nag warnings: ${warnings.map((violation) => violation.ruleName).join(', ')}`);
  });
});
