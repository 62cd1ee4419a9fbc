import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Reads items by key with BatchGetItem (ElectroDB splits the keys into requests of 100), asking again,
 * after a short back-off, for the keys DynamoDB left unprocessed, as its documentation requires:
 * https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_BatchGetItem.html
 * Keys with no item are simply absent from the answer.
 */
export async function batchGet<Key, Item>(
  keys: readonly Key[],
  read: (keys: Key[]) => Promise<{ data: Item[]; unprocessed: unknown[] }>,
): Promise<Item[]> {
  const items: Item[] = [];
  let pending = [...keys];
  for (let attempt = 1; pending.length > 0; attempt += 1) {
    if (attempt > 1) await sleep(Math.min(1000, 2 ** attempt * 10 * Math.random()));
    const { data, unprocessed } = await read(pending);
    items.push(...data);
    pending = unprocessed as Key[];
  }
  return items;
}

/** How many BatchGetItem requests of one read run at once. */
export const BATCH_GET_CONCURRENCY = 4;
