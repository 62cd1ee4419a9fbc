import { loadavg } from 'node:os';
import { db } from '../../functions/core/data/service.ts';
import { startRuntime } from '../local/runtime.ts';

/**
 * One granted row's writes in DynamoDB Local, three ways, taking turns (`npx tsx
 * scripts/bench/bulk-writes.ts`; BENCH_ROWS rows a round, 480 by default): in transactions as the bulk
 * grant wrote them before issue 18's goal 3 (two usage entries, the counter, the activity and the
 * outcome: 5 writes), as it writes them now (the same without the outcome, plus one count for the
 * transaction), and as conditional single writes (the 4 writes of a row one after another, 5 rows at
 * once, as 5 consumers would). In AWS a transactional write costs 2 WCU per item against 1 for a single
 * write (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/transaction-apis.html#transaction-capacity-handling).
 */
const ROWS = Number(process.env.BENCH_ROWS ?? 480);
const runtime = await startRuntime({ port: 0, inMemory: true, web: 'none', quiet: true });
type Entities = Parameters<Parameters<ReturnType<typeof db>['transaction']['write']>[0]>[0];

try {
  const at = Date.now();
  const entry = (uid: string, usageType: 'STT' | 'TTS') => ({
    uid,
    entryId: `grant-${uid}-${usageType}`,
    usageType,
    at,
    count: -1,
    success: true,
    source: 'grant' as const,
    paid: false,
    operatorEmail: 'operator@example.com',
    desc: 'bench',
    ttl: Math.floor(at / 1000) + 86_400,
  });
  const activity = (uid: string) => ({
    uid,
    activityId: `${at}-${uid}`,
    created: at,
    action: 'usage.grant',
    desc: 'bench',
    operatorUid: 'operator',
    operatorEmail: 'operator@example.com',
  });
  const rowWrites = (entities: Entities, uid: string) => [
    entities.usageEntry.create(entry(uid, 'STT')).commit(),
    entities.usageEntry.create(entry(uid, 'TTS')).commit(),
    entities.usageCounter
      .update({ uid })
      .add({ sttMonthly: -60, ttsMonthly: -1 })
      .set({ lastUpdatedMonthly: at })
      .commit(),
    entities.userActivity.create(activity(uid)).commit(),
  ];
  /** Rows `tag-0`… in transactions of `perTransaction` rows. */
  const inTransactions = async (
    tag: string,
    perTransaction: number,
    extra: (entities: Entities, rows: number[]) => unknown[],
  ) => {
    for (let start = 0; start < ROWS; start += perTransaction) {
      const rows = Array.from(
        { length: Math.min(perTransaction, ROWS - start) },
        (_, offset) => start + offset,
      );
      await db()
        .transaction.write((entities) => [
          ...rows.flatMap((row) => rowWrites(entities, `${tag}-${row}`)),
          ...(extra(entities, rows) as ReturnType<typeof rowWrites>),
        ])
        .go();
    }
  };
  const ways: Record<string, (tag: string) => Promise<void>> = {
    'transactions, 5 writes a row (with its outcome)': (tag) =>
      inTransactions(tag, 20, (entities, rows) =>
        rows.map((row) =>
          entities.jobItemOutcome
            .create({ jobId: tag, batchIndex: 0, itemIndex: row, item: `${tag}-${row}`, ok: true })
            .commit(),
        ),
      ),
    'transactions, 4 writes a row and the count': (tag) =>
      inTransactions(tag, 24, (entities, rows) => [
        entities.jobBatchCount
          .update({ jobId: tag, batchIndex: 0 })
          .add({ succeeded: rows.length, failed: 0 })
          .commit(),
      ]),
    'conditional single writes, 4 a row, 5 rows at once': async (tag) => {
      for (let start = 0; start < ROWS; start += 5)
        await Promise.all(
          Array.from({ length: 5 }, async (_, offset) => {
            const uid = `${tag}-${start + offset}`;
            const { entities } = db();
            await entities.usageEntry.create(entry(uid, 'STT')).go();
            await entities.usageEntry.create(entry(uid, 'TTS')).go();
            await entities.usageCounter
              .update({ uid })
              .add({ sttMonthly: -60, ttsMonthly: -1 })
              .set({ lastUpdatedMonthly: at })
              .go();
            await entities.userActivity.create(activity(uid)).go();
          }),
        );
    },
  };
  const rates = new Map<string, string[]>();
  for (let round = 0; round < 3; round += 1)
    for (const [index, [name, write]] of Object.entries(ways).entries()) {
      const started = performance.now();
      await write(`bench-writes-${round}-${index}`);
      rates.set(name, [
        ...(rates.get(name) ?? []),
        (ROWS / ((performance.now() - started) / 1000)).toFixed(0),
      ]);
    }
  console.log(`${ROWS} rows a round, 3 rounds in turns (load ${loadavg()[0]?.toFixed(1)} at the end):`);
  for (const [name, perRound] of rates) console.log(`${name}: ${perRound.join(', ')} rows/s`);
} finally {
  await runtime.stop();
}
