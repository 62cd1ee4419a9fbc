import { readFileSync } from 'node:fs';
import { calculateMetrics } from 'mutation-testing-metrics';

/**
 * The second half of `npm run mutation`: every money module's own score against the goal, the
 * report's `low` threshold (90, stryker.config.mjs). Stryker's `break` threshold judges the total
 * only, so one module could fall under the goal while the others hold the total up. Scores are
 * computed by Stryker's own metrics library, as its clear-text table shows them.
 */
type Report = { thresholds: { low: number }; files: Parameters<typeof calculateMetrics>[0] };

const report = JSON.parse(readFileSync('reports/mutation/mutation.json', 'utf8')) as Report;
const goal = report.thresholds.low;
const below = Object.entries(report.files)
  .map(([file, result]) => ({ file, score: calculateMetrics({ [file]: result }).metrics.mutationScore }))
  .filter(({ score }) => !(score >= goal));
for (const { file, score } of below)
  console.error(`${file}: ${score.toFixed(2)} % is under the goal of ${goal} %`);
if (below.length > 0) process.exitCode = 1;
else
  console.log(`Every money module scores at least ${goal} % (${Object.keys(report.files).length} modules).`);
