/**
 * `LOCAL_RECONCILIATION=off` leaves the product's recurring checks unscheduled in a local runtime: the
 * daily reconciliation and the hourly audit chain check (`npm start` schedules both, as a deployment
 * does). The test runs set it, since their clocks cross months that only a test of its own reconciles
 * (test/integration/finance, e2e/console-finance.spec.ts turn it back on) and their schedule lists are
 * read by tests: a year of renewals would otherwise run the night's reconciliation 365 times.
 */
export const RECONCILIATION_VARIABLE = 'LOCAL_RECONCILIATION';

export function reconcilesLocally(): boolean {
  return process.env[RECONCILIATION_VARIABLE] !== 'off';
}
