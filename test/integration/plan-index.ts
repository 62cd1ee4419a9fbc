import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../functions/core/data/client.ts';
import { db } from '../../functions/core/data/service.ts';
import { settings } from '../../functions/core/settings.ts';

/**
 * Takes a plan out of the index of an account's plans by time, as that index is in DynamoDB between
 * the plan's write and the moment the index catches up (usually under a second; DynamoDB Local
 * updates it with the write, so the lag is made here). A decision taken on the index then misses it.
 */
export async function hideFromPlanIndex(uid: string, planId: string): Promise<void> {
  const { Key } = db().entities.userPlan.get({ uid, planId }).params() as { Key: Record<string, unknown> };
  await dynamo().send(
    new UpdateCommand({ TableName: settings.tableName, Key, UpdateExpression: 'REMOVE gsi1pk, gsi1sk' }),
  );
}
