import * as z from 'zod';

/**
 * What one item of a bulk job came to: done, or refused for a reason the operator reads. `counted`: the
 * processor's own transaction added the item to its message's count (job-repository.ts
 * `messageCountCommit`) with the effect that names the item, so no outcome item is recorded for it;
 * 'now' when this call wrote it, 'before' when an earlier delivery did.
 */
export type ItemOutcome = { ok: true; counted?: 'now' | 'before' } | { ok: false; reason: string };

/**
 * Handles one item of a bulk job (a uid, an e-mail, a CSV row). Return a refusal for a business reason
 * (unknown user, invalid row): the item is done and listed as failed. Throw for an infrastructure
 * failure: the whole message is retried. A processor must tolerate running twice for one item, since
 * a crash between its effect and the recorded outcome redelivers the message.
 */
export type ItemProcessor = (
  item: unknown,
  params: Record<string, unknown>,
  place: ItemPlace,
) => Promise<ItemOutcome>;

/**
 * Handles some items of one message together (at most the outcomes recorded in one transaction) and
 * answers their outcomes in order, as an ItemProcessor does for one: `prepare` has read what the
 * message's items need in as few round trips as the table allows (BatchGetItem of up to 100 keys), and
 * `process` may write their effects together.
 */
export interface ItemsProcessor<Prepared> {
  prepare(items: readonly unknown[], params: Record<string, unknown>): Promise<Prepared>;
  process(
    items: ReadonlyArray<{ item: unknown; place: ItemPlace }>,
    params: Record<string, unknown>,
    prepared: Prepared,
  ): Promise<ItemOutcome[]>;
}

/** Where an item sits in its job: the same on every delivery, so it can key the item's effect. */
export interface ItemPlace {
  jobId: string;
  batchIndex: number;
  itemIndex: number;
}

/** A bulk-job message: `itemsPerMessage` items of one job (shared/jobs/queues.ts). */
export const BulkJobMessageSchema = z.object({
  jobId: z.string().min(1),
  kind: z.string().min(1),
  batchIndex: z.number().int().nonnegative(),
  items: z.array(z.unknown()).min(1),
  params: z.record(z.string(), z.unknown()).default({}),
});
export type BulkJobMessage = z.infer<typeof BulkJobMessageSchema>;

const processors = new Map<string, ItemsProcessor<unknown>>();

/** Bulk-job features register their processor by job kind when their module loads: one item at a time… */
export function registerItemProcessor(kind: string, process: ItemProcessor): void {
  registerItemsProcessor(kind, {
    prepare: async () => undefined,
    process: async (items, params) => {
      const outcomes: ItemOutcome[] = [];
      for (const { item, place } of items) outcomes.push(await process(item, params, place));
      return outcomes;
    },
  });
}

/** …or a message's items together. */
export function registerItemsProcessor<Prepared>(kind: string, processor: ItemsProcessor<Prepared>): void {
  processors.set(kind, processor as ItemsProcessor<unknown>);
}

export function itemProcessor(kind: string): ItemsProcessor<unknown> | undefined {
  return processors.get(kind);
}
