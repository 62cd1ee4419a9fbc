import { spawn } from 'node:child_process';
import { CloudFormationClient, DescribeStackResourcesCommand } from '@aws-sdk/client-cloudformation';
import {
  DescribeTableCommand,
  DynamoDBClient,
  RestoreTableToPointInTimeCommand,
} from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import { DeleteObjectCommand, ListObjectVersionsCommand, S3Client } from '@aws-sdk/client-s3';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { repoRoot } from '../../infra/bundling.ts';
import { ARCHIVE_FILTER_PATTERNS } from '../../shared/archive/record-archive.ts';
import { putBack, reconcile } from '../archive/locked-copy.ts';
import { lambdaRecord, matchesFilter } from '../local/stream-records.ts';

/**
 * The runbook's restore, tried on the emulator after the deployment (docs/runbook.md, "Restore the table
 * and reconcile it with the locked copy"), as far as moto goes: moto runs no Lambda, so the check hands
 * the deployed table's stream to the locked copy's consumer code itself, as the event source mapping
 * would; moto's point-in-time restore copies the table as it is now (it takes no time).
 *
 * 1. Audit entries (through the trail's own writer, chained) and a payment are written to the table.
 * 2. The table's stream is read and the archived entities' records written to the deployed bucket, whose
 *    Object Lock the emulator keeps, by the consumer's code (functions/core/archive/record-archive.ts).
 * 3. The table is restored to a point in time as a new table, reconciled with the copy: nothing differs.
 * 4. An audit entry deleted and the payment changed in the restored table are found, put back from the
 *    copy, and `npm run audit:verify` then finds the restored table's chains whole.
 * 5. A locked version of the copy cannot be deleted.
 */
export async function checkRestore(
  endpoint: string,
  region: string,
  stage: string,
  failures: string[],
): Promise<void> {
  const config = { endpoint, region, credentials: { accessKeyId: 'emulator', secretAccessKey: 'emulator' } };
  const stateful = await new CloudFormationClient(config).send(
    new DescribeStackResourcesCommand({ StackName: `Cutloom-${stage}-Stateful` }),
  );
  const physical = (type: string, prefix: string) =>
    stateful.StackResources?.find(
      (resource) => resource.ResourceType === type && resource.LogicalResourceId?.startsWith(prefix),
    )?.PhysicalResourceId as string;
  const tableName = physical('AWS::DynamoDB::GlobalTable', 'Table');
  const bucket = physical('AWS::S3::Bucket', 'RecordArchive');
  Object.assign(process.env, {
    TABLE_NAME: tableName,
    RECORD_ARCHIVE_BUCKET: bucket,
    AWS_ENDPOINT_URL_DYNAMODB: endpoint,
    AWS_ENDPOINT_URL_S3: endpoint,
    AWS_REGION: region,
    AWS_ACCESS_KEY_ID: 'emulator',
    AWS_SECRET_ACCESS_KEY: 'emulator',
    LOG_LEVEL: 'error',
  });
  const { appendAuditEntry } = await import('../../functions/core/data/audit-trail-repository.ts');
  const { archiveRecords } = await import('../../functions/core/archive/record-archive.ts');
  const dynamo = DynamoDBDocumentClient.from(new DynamoDBClient(config));
  const s3 = new S3Client({ ...config, forcePathStyle: true });

  for (let index = 0; index < 3; index += 1)
    await appendAuditEntry({
      at: Date.now(),
      kind: 'adminConfigUpdate',
      outcome: 'done',
      staff: { uid: 'deploy-check', email: 'deploy-check@cutloom.example', role: 'admin' },
      notes: { targetIds: [`configId:check-${index}`] },
      sourceAddress: '127.0.0.1',
    });
  const payment = { pk: '$cutloom#merchantuid_ord_deploycheck', sk: '$payment_1' };
  await dynamo.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...payment, __edb_e__: 'payment', __edb_v__: '1', merchantUid: 'ord_deploycheck', price: 2025 },
    }),
  );

  const streams = new DynamoDBStreamsClient(config);
  const { Table } = await new DynamoDBClient(config).send(new DescribeTableCommand({ TableName: tableName }));
  const streamArn = Table?.LatestStreamArn as string;
  const records: StreamRecord[] = [];
  const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
  for (const shard of StreamDescription?.Shards ?? []) {
    let iterator = (
      await streams.send(
        new GetShardIteratorCommand({
          StreamArn: streamArn,
          ShardId: shard.ShardId,
          ShardIteratorType: 'TRIM_HORIZON',
        }),
      )
    ).ShardIterator;
    while (iterator) {
      const page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator }));
      records.push(...(page.Records ?? []));
      iterator = page.Records?.length ? page.NextShardIterator : undefined;
    }
  }
  const delivered = records
    .map((record) => lambdaRecord(record, streamArn, region))
    .filter((record) => ARCHIVE_FILTER_PATTERNS.some((pattern) => matchesFilter(record, pattern)));
  const unwritten = await archiveRecords(delivered);
  if (unwritten !== undefined)
    failures.push(`the locked copy's consumer could not write record ${unwritten}`);
  console.log(`   ${records.length} stream records, ${delivered.length} to the locked copy (${bucket})`);

  const restored = `${tableName}-restored`;
  await new DynamoDBClient(config).send(
    new RestoreTableToPointInTimeCommand({
      SourceTableName: tableName,
      TargetTableName: restored,
      UseLatestRestorableTime: true,
    }),
  );
  const against = { dynamo, s3, tableName: restored, bucket, scanTable: true };
  const first = await reconcile(against);
  const archived = new Set(delivered.map((record) => JSON.stringify(record.dynamodb?.Keys))).size;
  if (first.findings.length || first.items !== archived)
    failures.push(
      `the restored table against the locked copy (${first.items} items): ${JSON.stringify(first.findings)}`,
    );
  const entry =
    first.items && delivered.find((record) => record.dynamodb?.NewImage?.__edb_e__?.S === 'auditEntry');
  const entryKeys = entry ? { pk: entry.dynamodb?.Keys?.pk?.S, sk: entry.dynamodb?.Keys?.sk?.S } : undefined;
  if (entryKeys) await dynamo.send(new DeleteCommand({ TableName: restored, Key: entryKeys }));
  await dynamo.send(
    new UpdateCommand({
      TableName: restored,
      Key: payment,
      UpdateExpression: 'SET price = :price',
      ExpressionAttributeValues: { ':price': 1 },
    }),
  );
  const broken = await reconcile(against);
  const kinds = broken.findings.map((finding) => finding.kind).sort();
  // A removed audit entry is an audit entry changed (its original is put back); the payment differs.
  if (JSON.stringify(kinds) !== JSON.stringify(['audit-entry-changed', 'differs']))
    failures.push(
      `a deleted audit entry and a changed payment, against the copy: ${JSON.stringify(broken.findings)}`,
    );
  await putBack(dynamo, restored, broken.findings);
  const after = await reconcile(against);
  if (after.findings.length)
    failures.push(`after putting back from the copy: ${JSON.stringify(after.findings)}`);
  const verified = await verifyChain(restored, endpoint, region);
  if (verified.code !== 0) failures.push(`npm run audit:verify on the restored table: ${verified.output}`);
  console.log(
    `   restored ${restored}: ${first.items} items as the copy holds them; a deleted audit entry and a changed payment found (${kinds.join(', ')}) and put back; ${verified.output.trim().split('\n')[0]}`,
  );

  const versions = await s3.send(new ListObjectVersionsCommand({ Bucket: bucket, Prefix: 'payment/' }));
  const locked = versions.Versions?.[0];
  const removal = await s3
    .send(new DeleteObjectCommand({ Bucket: bucket, Key: locked?.Key, VersionId: locked?.VersionId }))
    .then(
      () => 'deleted',
      (error: Error) => error.name,
    );
  if (removal === 'deleted') failures.push(`a locked version of the copy was deleted (${locked?.Key})`);
  else console.log(`   deleting a locked version of the copy: refused (${removal})`);
}

/** `npm run audit:verify` on a table of the emulator. */
function verifyChain(
  tableName: string,
  endpoint: string,
  region: string,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('node_modules/.bin/tsx', ['scripts/audit/verify-audit-chain.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        TABLE_NAME: tableName,
        AWS_ENDPOINT_URL_DYNAMODB: endpoint,
        AWS_REGION: region,
        AWS_ACCESS_KEY_ID: 'emulator',
        AWS_SECRET_ACCESS_KEY: 'emulator',
        // Its own words only (the SDK warns about the Node version on standard error).
        NODE_NO_WARNINGS: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}
