import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_DESIGN } from '../../../shared/data/table-design.ts';
import { settings } from '../settings.ts';
import { dynamo } from './client.ts';

/** The key of no item. */
const NO_ITEM = { [TABLE_DESIGN.partitionKey]: 'PRIME', [TABLE_DESIGN.sortKey]: 'PRIME' };

/** Opens the container's connection to the table with a read of no item (an environment prepared ahead). */
export async function openTableConnection(): Promise<void> {
  await dynamo().send(new GetCommand({ TableName: settings.tableName, Key: NO_ITEM }));
}
