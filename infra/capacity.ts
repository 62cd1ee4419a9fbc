import { DEFAULT_MEMORY_MB, type RouteDefinition } from '../shared/api/define-route.ts';

/**
 * The stage's concurrency budget, in one place. Lambda shares one concurrency quota per account and
 * region among all functions (1,000 by default; a new account may start lower: ask for 1,000 before the
 * first deployment, docs/deploying.md), and keeps at least 100 of it unreserved. A flood of one kind of
 * work must not take it all: the functions a flood can reach from outside or from a queue get reserved
 * concurrency, which is both their guarantee and their cap. Everything else (the routes a visitor calls)
 * shares the rest, behind the web ACL's rate rules and the HTTP APIs' stage throttling below.
 *
 * - The payment webhook: anyone may post to it; a flood is capped here instead of starving the routes.
 * - Queue consumers: as many as their event source mappings may run at once (shared/jobs/queues.ts
 *   `maxConcurrency`), so a full queue never throttles its own consumer into redelivery.
 * - The dead-letter consumer: DEAD_LETTER_MAPPING_CONCURRENCY per dead-letter queue it is mapped onto.
 * - Scheduled targets: renewals, re-checks and admin schedules that fall due at the same minute queue in
 *   Lambda's asynchronous queue (retried up to 6 hours, shared/jobs/schedules.ts) instead of running all
 *   at once against the payment provider.
 */
export const ACCOUNT_CONCURRENCY_QUOTA = 1000;
export const UNRESERVED_CONCURRENCY_MINIMUM = 100;

/** Routes that outsiders can flood, by route name. */
export const ROUTE_RESERVED_CONCURRENCY: Readonly<Record<string, number>> = { portoneWebhook: 20 };

/**
 * Routes whose function keeps environments initialised (provisioned concurrency on its published version,
 * which the route then invokes), by route name: the functions a customer waits on, one after the other, in
 * a first purchase by card (issue 36, `npm run bench:journey`, docs/benchmarks.md): the sign-in at the
 * pricing page's start, the payment start, the pay command, and the confirmation after the checkout
 * (create-billing-key-payment for a subscription, get-payment-result for a pass). Nothing the customer
 * does not wait on: the pricing page's built-in plans come with the page, the header's session check and
 * release feed are read once per visit beside the steps, the provider's notification is nobody's wait, and
 * get-order-page serves a reload, not the flow. One environment each is what one buyer at a time needs; a
 * second buyer at the same moment gets an on-demand environment as before. What it costs:
 * provisionedMonthlyCostUsd (docs/deploying.md), drawn from the account's unreserved concurrency.
 */
export const ROUTE_PROVISIONED_CONCURRENCY: Readonly<Record<string, number>> = Object.fromEntries(
  ['signIn', 'startPayment', 'payOrder', 'createBillingKeyPayment', 'getPaymentResult'].map((name) => [
    name,
    1,
  ]),
);

/**
 * Provisioned concurrency's price for ARM functions, per GB-second kept (AWS's published us-east-1 rate,
 * https://aws.amazon.com/lambda/pricing/; the stage region's own may differ a little). Invocations of a
 * provisioned environment are billed besides, at a duration rate lower than on demand.
 */
export const PROVISIONED_USD_PER_GB_SECOND = 0.0000033334;

/** What ROUTE_PROVISIONED_CONCURRENCY keeps costs in a 30-day month, each function at its own memory. */
export function provisionedMonthlyCostUsd(
  routes: readonly Pick<RouteDefinition, 'name' | 'memoryMb'>[],
): number {
  const month = 30 * 24 * 3600;
  return Object.entries(ROUTE_PROVISIONED_CONCURRENCY).reduce((total, [name, count]) => {
    const memoryMb = routes.find((route) => route.name === name)?.memoryMb ?? DEFAULT_MEMORY_MB;
    return total + count * (memoryMb / 1024) * month * PROVISIONED_USD_PER_GB_SECOND;
  }, 0);
}

/** Each scheduled target (SCHEDULED_TARGETS). */
export const SCHEDULED_TARGET_CONCURRENCY = 10;

/** The dead-letter consumer's event source mappings, each (the least SQS mappings allow is 2). */
export const DEAD_LETTER_MAPPING_CONCURRENCY = 2;

/**
 * Each HTTP API's stage throttling (requests per second and burst, across all of its callers): a cap on
 * what reaches the functions, including from callers that go around CloudFront to the execute-api
 * endpoint, whom the origin check refuses before any work (docs/operations.md, "The edge").
 */
export const API_THROTTLING = { rateLimit: 1000, burstLimit: 500 } as const;
