import { GetCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createConversions } from 'electrodb';
import { settings } from '../settings.ts';
import { dynamo, tableService } from './client.ts';
import { DataMigration } from './entities/data-migration.ts';
import { Payment as PaymentEntity } from './entities/payment.ts';
import { UserPlan as UserPlanEntity } from './entities/user-plan.ts';
import { isConditionFailure } from './transaction.ts';
import type { Payment, UserPlan } from './user-plan-repository.ts';

const db = tableService({ dataMigration: DataMigration, payment: PaymentEntity, userPlan: UserPlanEntity });

/**
 * What the finance backfill (functions/core/finance/finance-backfill.ts) reads and writes: the one
 * Scan of the product, run at deployment and never on a request path. It pages through the table for
 * the items written before the finance keys existed (payments, for their ledger entries; plans, for the
 * byExpiry index), a page at a time.
 */
export async function* itemsToBackfill(): AsyncGenerator<{ payments: Payment[]; plans: UserPlan[] }> {
  const { payment, userPlan } = db().entities;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new ScanCommand({
        TableName: settings.tableName,
        FilterExpression: '#entity IN (:payment, :plan)',
        ExpressionAttributeNames: { '#entity': '__edb_e__' },
        ExpressionAttributeValues: { ':payment': 'payment', ':plan': 'userPlan' },
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    const items = page.Items ?? [];
    const of = (entity: string) => items.filter((item) => item.__edb_e__ === entity);
    // Plans already in the index (written since it exists, or by an earlier pass) are left alone.
    const unindexed = of('userPlan').filter((item) => !item.gsi2pk);
    yield {
      payments: payment.parse({ Items: of('payment') }).data,
      plans: userPlan.parse({ Items: unindexed }).data,
    };
    start = page.LastEvaluatedKey;
  } while (start);
}

/**
 * Puts a plan into the byExpiry index (its gsi2 keys as ElectroDB makes them), on the condition that it
 * still ends when it was read; a plan changed meanwhile is read again. True when this call wrote them.
 */
export async function indexPlanByExpiry(
  plan: Pick<UserPlan, 'uid' | 'planId' | 'expiredAt'>,
): Promise<boolean> {
  const { userPlan } = db().entities;
  const key = createConversions(userPlan).byAccessPattern.byPlan.fromComposite.toKeys(plan) as Record<
    string,
    unknown
  >;
  let expiredAt = plan.expiredAt;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const keys = createConversions(userPlan).byAccessPattern.byExpiry.fromComposite.toKeys({ expiredAt });
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: settings.tableName,
          Key: key,
          UpdateExpression: 'SET gsi2pk = :pk, gsi2sk = :sk',
          ConditionExpression: 'expiredAt = :expiredAt',
          ExpressionAttributeValues: { ':pk': keys.gsi2pk, ':sk': keys.gsi2sk, ':expiredAt': expiredAt },
        }),
      );
      return true;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const { Item } = await dynamo().send(
        new GetCommand({ TableName: settings.tableName, Key: key, ConsistentRead: true }),
      );
      if (!Item) return false;
      expiredAt = Item.expiredAt as number;
    }
  }
  throw new Error(`The plan ${plan.uid}/${plan.planId} kept changing while it was indexed`);
}

/** Whether the migration `name` ran to its end. */
export async function migrationCompleted(name: string): Promise<boolean> {
  const { data } = await db().entities.dataMigration.get({ name }).go({ consistent: true });
  return Boolean(data);
}

export async function markMigrationCompleted(name: string): Promise<void> {
  await db().entities.dataMigration.put({ name }).go();
}
