// @ts-check
/**
 * The mutation run over the money modules (`npm run mutation`; docs/mutation-testing.md): each module
 * below is mutated and its unit tests must kill the mutants. The clear-text report prints the score of
 * every module of `mutate`, the one list of the money modules.
 *
 * TypeScript 7 has no JavaScript API, so neither Stryker's TypeScript checker (not installed) nor its
 * tsconfig rewriting can run: `tsconfigFile` names no file, which skips the rewriting (the sandbox
 * needs none: tsconfig.json has no `extends` or `references`). A mutant that would not type-check is
 * run anyway and killed or survived by the tests like any other; `npx tsc` is the type check.
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export const MONEY_MODULES = [
  'shared/currency.ts',
  'shared/payments/prices.ts',
  'shared/payments/price-bounds.ts',
  'shared/payments/card-failures.ts',
  'shared/orders/order-price.ts',
  'shared/coupons/coupon-rules.ts',
  'shared/coupons/coupon-holds.ts',
  'shared/plans/price-book.ts',
  'shared/plans/custom-plan-rules.ts',
  'shared/plans/plan-period.ts',
  'shared/refunds/refund-rules.ts',
  'shared/usage/usage-rules.ts',
  'shared/usage/usage-grant-rules.ts',
  'shared/subscriptions/renewal-reminder.ts',
  'shared/direct-deposits/direct-deposit.ts',
  'functions/core/orders/session-pricing.ts',
  'functions/core/orders/grant-records.ts',
  'functions/core/refunds/refund-amounts.ts',
  'functions/core/usage-eraser/eraser.ts',
  'functions/core/direct-deposits/deposit-records.ts',
];

export default {
  mutate: MONEY_MODULES,
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.mjs' },
  coverageAnalysis: 'perTest',
  tsconfigFile: 'no-tsconfig-typescript-7-has-no-js-api.json',
  reporters: ['clear-text', 'progress-append-only', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 95, low: 90, break: 90 },
  tempDirName: '.stryker-tmp',
  ignorePatterns: [
    'cdk.out',
    'web/dist',
    '.local',
    'coverage',
    'test-results',
    'playwright-report',
    'reports',
  ],
};
