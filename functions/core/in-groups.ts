/**
 * Maps items to results a group of `size` at a time, in order: a bounded number of calls in flight
 * (a Lambda's sockets and the table's partitions are shared), without a queue to manage.
 */
export async function mapInGroups<Item, Result>(
  items: readonly Item[],
  size: number,
  map: (item: Item) => Promise<Result>,
): Promise<Result[]> {
  const results: Result[] = [];
  for (let start = 0; start < items.length; start += size)
    results.push(...(await Promise.all(items.slice(start, start + size).map(map))));
  return results;
}
