import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createConversions } from 'electrodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '../../../functions/core/data/client.ts';
import {
  ledgerItem,
  ledgerOfDay,
  ledgerOfPayment,
  refundEntry,
  subscriptionsEndingAfter,
} from '../../../functions/core/data/finance-repository.ts';
import { db } from '../../../functions/core/data/service.ts';
import type { Payment, UserPlan } from '../../../functions/core/data/user-plan-repository.ts';
import { backfillFinanceKeys } from '../../../functions/core/finance/finance-backfill.ts';
import { ensureTable } from '../../../scripts/local/table.ts';
import { kstDayBounds, kstDayOf } from '../../../shared/finance/ledger.ts';
import { pointAtRuntime, uniqueId } from '../helpers.ts';

/**
 * The deployment's backfill (functions/core/finance/finance-backfill.ts) over items written before the
 * ledger and the plans' byExpiry index existed, in a table of its own on the suite's DynamoDB Local (the
 * backfill reads a whole table): every payment gets its ledger entry, a refund made before the ledger an
 * estimated one (unless the ledger already accounts for it), every plan its index keys; a second pass
 * writes nothing twice, and once a last pass ran a later deployment reads nothing.
 */
const day = '2031-03-14';
const paidAt = kstDayBounds(day).fromMs + 9 * 3_600_000;

function payment(overrides: Partial<Payment>): Omit<Payment, 'created'> {
  return {
    merchantUid: uniqueId('ord'),
    uid: uniqueId('buyer'),
    impUid: uniqueId('imp'),
    paidAt,
    planName: 'Y1_STANDARD_V3',
    payMethod: 'card',
    pg: 'html5_inicis',
    price: 238_800,
    currency: 'KRW',
    userName: 'Old Buyer',
    userEmail: 'old@example.com',
    userPhone: '+821012345678',
    status: 'paid',
    cancelledAmount: 0,
    paymentType: 'oneoff',
    isTest: false,
    ...overrides,
  };
}

function subscription(): Omit<UserPlan, 'created' | 'updated'> {
  return {
    uid: uniqueId('subscriber'),
    planId: uniqueId('ord'),
    planName: 'MR_STANDARD_V3',
    planType: 'STANDARD',
    period: 'MONTHLY',
    isSubscription: true,
    catalogue: 'default',
    paidAt,
    expiredAt: paidAt + 30 * 86_400_000,
    planStatus: 'PAID',
    price: 19_900,
    payMethod: 'card',
    pg: 'html5_inicis',
    currency: 'KRW',
    sttLimit: 1,
    ttsLimit: 1,
    translateLimit: 1,
    genimageLimit: 1,
    cloudStorageLimit: 1,
    userTTSSpeakerLimit: 1,
    isTest: false,
  };
}

beforeAll(async () => {
  pointAtRuntime();
  const table = uniqueId('finance-backfill');
  const client = new DynamoDBClient({
    endpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB,
    region: 'ap-northeast-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await ensureTable(client, table);
  client.destroy();
  process.env.TABLE_NAME = table;
});

describe('the finance backfill', () => {
  it('gives older payments their ledger entries and older plans their index keys, once', async () => {
    const { entities } = db();
    const kept = payment({});
    const refundedBefore = payment({ cancelledAmount: 38_800, status: 'partial_cancelled' });
    const refundedSince = payment({ cancelledAmount: 1_000, status: 'partial_cancelled' });
    for (const old of [kept, refundedBefore, refundedSince]) await entities.payment.create(old).go();
    // The refund of the last was made since the ledger exists: its entry is there.
    await db()
      .transaction.write(({ ledgerEntry }) => [
        ledgerItem(
          { ledgerEntry },
          refundEntry(
            { ...refundedSince, cancelledAmount: 0, created: paidAt },
            {
              amount: 1_000,
              source: 'portone',
              at: paidAt + 86_400_000,
            },
          ),
        ),
      ])
      .go();
    const plan = subscription();
    await entities.userPlan.create(plan).go();
    // As the plan was written before the index existed: without its gsi2 keys.
    await dynamo().send(
      new UpdateCommand({
        TableName: process.env.TABLE_NAME,
        Key: createConversions(entities.userPlan).byAccessPattern.byPlan.fromComposite.toKeys(plan),
        UpdateExpression: 'REMOVE gsi2pk, gsi2sk',
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
    const fromMs = kstDayBounds(day).fromMs;
    expect(await subscriptionsEndingAfter(fromMs)).toEqual([]);

    expect(await backfillFinanceKeys('first')).toEqual({
      skipped: false,
      payments: 3,
      refundsEstimated: 1,
      plansIndexed: 1,
    });
    const entries = await ledgerOfDay(day);
    expect(entries.filter((entry) => entry.kind === 'payment').map((entry) => entry.amount)).toEqual([
      238_800, 238_800, 238_800,
    ]);
    expect(entries.filter((entry) => entry.kind === 'refund')).toMatchObject([
      {
        merchantUid: refundedBefore.merchantUid,
        amount: 38_800,
        refundSource: 'portone',
        timeEstimated: true,
      },
    ]);
    expect(
      (await ledgerOfPayment(refundedSince.merchantUid)).map((entry) => [entry.kind, entry.day]),
    ).toEqual([
      ['payment', day],
      ['refund', kstDayOf(paidAt + 86_400_000)],
    ]);
    expect((await subscriptionsEndingAfter(fromMs)).map((found) => found.planId)).toEqual([plan.planId]);

    // The deployment's second pass: nothing twice; then the migration is done and nothing is read.
    expect(await backfillFinanceKeys('last')).toEqual({
      skipped: false,
      payments: 3,
      refundsEstimated: 0,
      plansIndexed: 0,
    });
    expect(await ledgerOfDay(day)).toHaveLength(entries.length);
    expect(await backfillFinanceKeys('first')).toMatchObject({ skipped: true, payments: 0 });
  });
});
