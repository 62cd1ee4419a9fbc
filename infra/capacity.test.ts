import { describe, expect, it } from 'vitest';
import { ROUTES } from '../shared/api/routes.ts';
import {
  ACCOUNT_CONCURRENCY_QUOTA,
  API_THROTTLING,
  PROVISIONED_USD_PER_GB_SECOND,
  provisionedMonthlyCostUsd,
  ROUTE_PROVISIONED_CONCURRENCY,
  ROUTE_RESERVED_CONCURRENCY,
  UNRESERVED_CONCURRENCY_MINIMUM,
} from './capacity.ts';
import { appTemplates, testApp } from './test-app.ts';

/** The concurrency budget of infra/capacity.ts, as the synthesised app holds it. */
const built = testApp();
const templates = appTemplates(built);
const functions = templates.flatMap((template) =>
  Object.values(template.findResources('AWS::Lambda::Function')).map(
    (fn) =>
      fn.Properties as {
        FunctionName?: string;
        ReservedConcurrentExecutions?: number;
        MemorySize?: number;
        Environment?: unknown;
      },
  ),
);
/** The queues' mappings (a stream's, which reads its shards in order, has no maximum concurrency to set). */
const mappings = templates.flatMap((template) =>
  Object.values(template.findResources('AWS::Lambda::EventSourceMapping'))
    .map(
      (mapping) =>
        mapping.Properties as {
          FunctionName: unknown;
          StartingPosition?: string;
          ScalingConfig?: { MaximumConcurrency?: number };
        },
    )
    .filter((mapping) => mapping.StartingPosition === undefined),
);
const reserved = (name: string) =>
  functions.find((fn) => fn.FunctionName === `cutloom-test-${name}`)?.ReservedConcurrentExecutions;

describe('the concurrency budget', () => {
  it('leaves at least 100 of the account quota unreserved', () => {
    const total = functions.reduce((sum, fn) => sum + (fn.ReservedConcurrentExecutions ?? 0), 0);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(ACCOUNT_CONCURRENCY_QUOTA - UNRESERVED_CONCURRENCY_MINIMUM);
  });

  it('caps what a flood reaches: the webhook, every queue consumer and every scheduled target', () => {
    for (const name of Object.keys(ROUTE_RESERVED_CONCURRENCY)) {
      expect(ROUTES.some((route) => route.name === name)).toBe(true);
      expect(reserved(name)).toBe(ROUTE_RESERVED_CONCURRENCY[name]);
    }
    for (const name of [
      'bulk-items-consumer',
      'bulk-user-create-consumer',
      'dead-letters-consumer',
      'renew-plan',
      'recheck-order',
    ])
      expect(reserved(name), name).toBeGreaterThan(0);
  });

  it('lets each queue consumer run as many invocations as its mappings may ask for at once', () => {
    expect(mappings.length).toBeGreaterThan(0);
    const asked = new Map<string, number>();
    for (const mapping of mappings) {
      expect(mapping.ScalingConfig?.MaximumConcurrency, JSON.stringify(mapping.FunctionName)).toBeGreaterThan(
        0,
      );
      const fn = JSON.stringify(mapping.FunctionName);
      asked.set(fn, (asked.get(fn) ?? 0) + (mapping.ScalingConfig?.MaximumConcurrency ?? 0));
    }
    for (const [fn, concurrency] of asked) {
      const [consumer] = templates.flatMap((template) =>
        Object.entries(template.findResources('AWS::Lambda::Function'))
          .filter(([id]) => fn.includes(id))
          .map(([, resource]) => resource.Properties.ReservedConcurrentExecutions as number | undefined),
      );
      expect(consumer, fn).toBeGreaterThanOrEqual(concurrency);
    }
  });

  it('keeps the first purchase’s functions initialised: each route invokes its provisioned version', () => {
    const provisioned = templates.flatMap((template) => {
      const resources = template.toJSON().Resources as Record<
        string,
        { Type: string; Properties: Record<string, unknown> }
      >;
      return Object.entries(resources)
        .filter(
          ([, resource]) =>
            resource.Type === 'AWS::Lambda::Version' && resource.Properties.ProvisionedConcurrencyConfig,
        )
        .map(([versionId, version]) => {
          const functionId = (version.Properties.FunctionName as { Ref: string }).Ref;
          const integration = Object.values(resources).find(
            (resource) =>
              resource.Type === 'AWS::ApiGatewayV2::Integration' &&
              (resource.Properties.IntegrationUri as { Ref?: string }).Ref === versionId,
          );
          return {
            name: String(resources[functionId]?.Properties.FunctionName).replace('cutloom-test-', ''),
            count: (
              version.Properties.ProvisionedConcurrencyConfig as { ProvisionedConcurrentExecutions: number }
            )?.ProvisionedConcurrentExecutions,
            integrated: Boolean(integration),
          };
        });
    });
    expect(
      Object.keys(ROUTE_PROVISIONED_CONCURRENCY).every((name) => ROUTES.some((route) => route.name === name)),
    ).toBe(true);
    expect(Object.fromEntries(provisioned.map(({ name, count }) => [name, count]))).toEqual(
      ROUTE_PROVISIONED_CONCURRENCY,
    );
    expect(provisioned.filter(({ integrated }) => !integrated)).toEqual([]);
  });

  it('costs what docs/deploying.md says: each provisioned function at the memory its template gives', () => {
    const month = 30 * 24 * 3600;
    const fromTemplates = Object.entries(ROUTE_PROVISIONED_CONCURRENCY).reduce((total, [name, count]) => {
      const memoryMb = functions.find((fn) => fn.FunctionName === `cutloom-test-${name}`)?.MemorySize;
      expect(memoryMb, name).toBeGreaterThan(0);
      return total + count * ((memoryMb as number) / 1024) * month * PROVISIONED_USD_PER_GB_SECOND;
    }, 0);
    expect(provisionedMonthlyCostUsd(ROUTES)).toBeCloseTo(fromTemplates, 6);
    // docs/deploying.md, "Provisioned concurrency".
    expect(Math.round(provisionedMonthlyCostUsd(ROUTES))).toBe(32);
  });

  it('throttles every API stage as declared', () => {
    const stages = templates.flatMap((template) =>
      Object.values(template.findResources('AWS::ApiGatewayV2::Stage')),
    );
    expect(stages).toHaveLength(Object.keys(built.services).length);
    for (const stage of stages)
      expect(stage.Properties.DefaultRouteSettings).toEqual({
        ThrottlingBurstLimit: API_THROTTLING.burstLimit,
        ThrottlingRateLimit: API_THROTTLING.rateLimit,
      });
  });
});
