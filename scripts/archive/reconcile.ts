import { parseArgs } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { putBack, reconcile } from './locked-copy.ts';

/**
 * `npm run archive:reconcile`: a table (a restored one, docs/runbook.md) compared with the locked copy of
 * the audit trail and the payment records (scripts/archive/locked-copy.ts). Prints each finding; `--apply`
 * writes the copy's images of what is missing, differs or was changed back into the table; `--scan` also
 * looks for archived items the copy has nothing of (a Scan of the table). Exits with 1 while findings
 * remain.
 *
 *   npm run archive:reconcile -- --table cutloom-prod-restored --bucket cutloom-prod-record-archive-… [--scan] [--apply]
 *   npm run archive:reconcile -- --base http://localhost:3000   (a local runtime's table and copy)
 */
const { values } = parseArgs({
  options: {
    table: { type: 'string' },
    bucket: { type: 'string' },
    region: { type: 'string', default: process.env.AWS_REGION ?? 'ap-northeast-2' },
    base: { type: 'string' },
    scan: { type: 'boolean', default: false },
    apply: { type: 'boolean', default: false },
  },
});

let local: { dynamo: string; s3: string } | undefined;
if (values.base) {
  const table = (await (await fetch(new URL('/_local/dynamodb.json', values.base))).json()) as {
    endpoint: string;
    tableName: string;
  };
  const copy = (await (await fetch(new URL('/_local/record-archive.json?prefix=-', values.base))).json()) as {
    endpoint: string;
    bucket: string;
  };
  values.table ??= table.tableName;
  values.bucket ??= copy.bucket;
  local = { dynamo: table.endpoint, s3: copy.endpoint };
}
if (!values.table || !values.bucket) {
  console.error(
    'Name the table and the locked copy: --table NAME --bucket NAME (or --base URL of a local runtime)',
  );
  process.exit(2);
}
const credentials = local ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {};
const dynamo = DynamoDBDocumentClient.from(
  new DynamoDBClient({ region: values.region, ...credentials, ...(local ? { endpoint: local.dynamo } : {}) }),
  { marshallOptions: { removeUndefinedValues: true } },
);
const s3 = new S3Client({
  region: values.region,
  ...credentials,
  ...(local ? { endpoint: local.s3, forcePathStyle: true } : {}),
});

const input = { dynamo, s3, tableName: values.table, bucket: values.bucket, scanTable: values.scan };
let { items, findings } = await reconcile(input);
console.log(
  `${values.table} against ${values.bucket}: ${items} items in the copy, ${findings.length} finding(s)`,
);
for (const finding of findings)
  console.log(`  ${finding.kind} ${finding.entity} ${finding.keys.pk} ${finding.keys.sk}`);
if (values.apply && findings.length) {
  console.log(`Put back from the copy: ${await putBack(dynamo, values.table, findings)} item(s)`);
  ({ findings } = await reconcile(input));
  console.log(`Then: ${findings.length} finding(s)`);
}
process.exit(findings.length ? 1 : 0);
