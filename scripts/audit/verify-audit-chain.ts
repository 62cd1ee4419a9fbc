import { parseArgs } from 'node:util';

/**
 * `npm run audit:verify`: the audit trail's hash chain read back and checked by hand, as the hourly check
 * does (functions/core/audit/chain-check.ts), without listing anything on the attention page. Prints each
 * break and exits with 1 when there is one.
 *
 * - A local runtime: `npm run audit:verify -- --base http://localhost:3000` (its table, from
 *   `/_local/dynamodb.json`).
 * - A stage in AWS: `TABLE_NAME=… AWS_REGION=ap-northeast-2 npm run audit:verify` with credentials that
 *   may read the table (docs/runbook.md).
 *
 * Every month that has a chain, or those named: `--months 2026-10,2026-11`.
 */
const { values } = parseArgs({
  options: { base: { type: 'string' }, months: { type: 'string' } },
});

if (values.base) {
  const local = (await (await fetch(new URL('/_local/dynamodb.json', values.base))).json()) as {
    endpoint: string;
    tableName: string;
  };
  Object.assign(process.env, {
    TABLE_NAME: local.tableName,
    AWS_ENDPOINT_URL_DYNAMODB: local.endpoint,
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
  });
}
if (!process.env.TABLE_NAME) {
  console.error('Name the table: TABLE_NAME=… (a stage in AWS) or --base URL (a local runtime).');
  process.exit(2);
}
process.env.LOG_LEVEL ??= 'warn';

const { checkAuditChain } = await import('../../functions/core/audit/chain-check.ts');
const months = values.months?.split(',').map((month) => month.trim());
const summary = await checkAuditChain({ full: true, dryRun: true, ...(months ? { months } : {}) });
console.log(
  `Checked ${summary.entries} entries in ${summary.months.length} month(s) of ${process.env.TABLE_NAME}: ${
    summary.breaks.length ? `${summary.breaks.length} break(s)` : 'the chain holds'
  }`,
);
for (const found of summary.breaks)
  console.log(`  ${found.month} #${found.seq} ${found.kind}${found.entryId ? ` (${found.entryId})` : ''}`);
process.exit(summary.breaks.length ? 1 : 0);
