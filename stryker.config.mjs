// @ts-check
/**
 * The mutation run over the money modules (`npm run mutation`, docs/mutation-testing.md). Each module
 * of MONEY_MODULES is mutated and must be killed by its own unit tests, the test file beside it
 * (vitest.mutation.config.mjs narrows the Vitest `unit` project to those files). The clear-text table
 * prints every module's score; scripts/mutation/module-scores.ts then fails the command for a module
 * under the goal (`low`, 90), and `break` fails it for a total under it.
 *
 * TypeScript 7 has no JavaScript API yet, so Stryker's TypeScript checker (not installed) cannot run,
 * nor can its tsconfig step (the sandbox's tsconfig rewriting, which imports `typescript`):
 * `tsconfigFile` names no file, which skips that step (tsconfig.json has no `extends` or `references`
 * to rewrite anyway). A mutant that would not type-check is run all the same and counted killed or
 * survived by the tests; `npx tsc` checks the types of the code as it is.
 */

/** The money modules, one list: the table of docs/mutation-testing.md follows it. */
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
  'shared/refunds/refund-ways.ts',
  'shared/refunds/refund-sources.ts',
  'shared/refunds/refund-account.ts',
  'shared/usage/usage-rules.ts',
  'shared/usage/usage-grant-rules.ts',
  'shared/subscriptions/renewal-reminder.ts',
  'shared/subscriptions/renewal-consent.ts',
  'shared/subscriptions/plan-change.ts',
  'shared/direct-deposits/direct-deposit.ts',
  'shared/tax-invoices/tax-invoice-amounts.ts',
  'shared/tax-invoices/tax-invoice-deadlines.ts',
  'functions/core/orders/session-pricing.ts',
  'functions/core/orders/grant-records.ts',
  'functions/core/refunds/refund-amounts.ts',
  'functions/core/usage-eraser/eraser.ts',
  'functions/core/direct-deposits/deposit-records.ts',
];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
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
  // Stryker's incremental mode, its file kept in the repository: a mutant whose module and covering tests
  // are unchanged since the file was written keeps its result, every other is run (docs/mutation-testing.md).
  incremental: true,
  incrementalFile: 'stryker-incremental.json',
  ignorePatterns: [
    'cdk.out',
    'web/dist',
    '.local',
    'coverage',
    'test-results',
    'playwright-report',
    'reports',
    'stryker-incremental.json',
  ],
};
