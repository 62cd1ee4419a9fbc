/**
 * `LOCAL_RECONCILIATION=off` leaves the product's periodic runs unscheduled in a local runtime: the daily
 * reconciliation, the hourly tax documents' run and the hourly audit chain check (`npm start` schedules
 * them, as a deployment does). The test runs set it, since their clocks cross months that only a test of
 * its own reconciles (test/integration/finance, e2e/console-finance.spec.ts turn it back on; the tax
 * documents' tests run it themselves) and their schedule lists are read by tests: a year of renewals would
 * otherwise run the night's reconciliation 365 times and the tax documents' run 8,760.
 */
export const RECONCILIATION_VARIABLE = 'LOCAL_RECONCILIATION';

export function reconcilesLocally(): boolean {
  return process.env[RECONCILIATION_VARIABLE] !== 'off';
}
