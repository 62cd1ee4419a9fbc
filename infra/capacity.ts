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
 * which the route then invokes), by route name: the first purchase by card, pricing page to paid plan,
 * calls these fifteen in turn, and with every one of them cold it took 4.0 s longer than warm on this
 * machine, 2.7 s of it the functions' initialisation (`npm run bench:journey`, docs/benchmarks.md). One
 * environment each is what one buyer at a time needs; a second buyer at the same moment gets an on-demand
 * environment as before. At 512 MB on ARM it costs about US$4.3 a function a month (US$65 for the
 * fifteen, at us-east-1's published rate; docs/deploying.md), drawn from the account's unreserved concurrency.
 */
export const ROUTE_PROVISIONED_CONCURRENCY: Readonly<Record<string, number>> = Object.fromEntries(
  [
    'geoip',
    'refreshToken',
    'latest',
    'getPaymentPlanInfoV2',
    'signIn',
    'createInitPayment',
    'getPaymentSessionInfo',
    'checkCurrencyOption',
    'changePaymentSessionAccountType',
    'getPaymentSessionTaxInvoice',
    'findPaymentInfoByPhoneNumber',
    'insertPaymentProgress',
    'getCheckoutSettings',
    'portoneWebhook',
    'createBillingKeyPayment',
  ].map((name) => [name, 1]),
);

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
