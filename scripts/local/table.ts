import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { TABLE_DESIGN } from '../../shared/data/table-design.ts';

const STREAM = { StreamEnabled: true, StreamViewType: TABLE_DESIGN.streamView };

/**
 * Creates the one table from TABLE_DESIGN (the same design the CDK table uses) unless it exists; a table
 * kept from before its stream existed gets the stream.
 */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<'created' | 'existed'> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (!Table?.StreamSpecification?.StreamEnabled)
      await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: STREAM }));
    return 'existed';
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const keyAttributes = [
    TABLE_DESIGN.partitionKey,
    TABLE_DESIGN.sortKey,
    ...TABLE_DESIGN.globalIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
  ];
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: keyAttributes.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: TABLE_DESIGN.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_DESIGN.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: TABLE_DESIGN.globalIndexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
      StreamSpecification: STREAM,
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TABLE_DESIGN.timeToLiveAttribute, Enabled: true },
    }),
  );
  return 'created';
}
