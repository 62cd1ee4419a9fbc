import * as z from 'zod';

/** What one item of a bulk job came to: done, or refused for a reason the operator reads. */
export type ItemOutcome = { ok: true } | { ok: false; reason: string };

/**
 * Handles one item of a bulk job (a uid, an e-mail, a CSV row). Return a refusal for a business reason
 * (unknown user, invalid row): the item is done and listed as failed. Throw for an infrastructure
 * failure: the whole message is retried. A processor must tolerate running twice for one item, since
 * a crash between its effect and the recorded outcome redelivers the message. `prepared` is what the
 * processor's `prepare` read for the whole message.
 */
export type ItemProcessor<Prepared = undefined> = (
  item: unknown,
  params: Record<string, unknown>,
  place: ItemPlace,
  prepared: Prepared,
) => Promise<ItemOutcome>;

/**
 * Reads, before a message's items are handled, what they need in as few round trips as the table
 * allows (BatchGetItem of up to 100 keys), instead of a few reads per item.
 */
export type ItemsPreparer<Prepared> = (
  items: readonly unknown[],
  params: Record<string, unknown>,
) => Promise<Prepared>;

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

interface RegisteredProcessor {
  prepare: ItemsPreparer<unknown>;
  process: ItemProcessor<unknown>;
  itemsAtOnce: number;
}
const processors = new Map<string, RegisteredProcessor>();

/**
 * Bulk-job features register their processor by job kind when their module loads, with how to read
 * what a message's items need at once (`prepare`) and how many items of a message run side by side
 * (`itemsAtOnce`, 1 unless given: an item may need a lot of memory, as a hashed password does).
 */
export function registerItemProcessor<Prepared = undefined>(
  kind: string,
  process: ItemProcessor<Prepared>,
  options: { prepare?: ItemsPreparer<Prepared>; itemsAtOnce?: number } = {},
): void {
  processors.set(kind, {
    process: process as ItemProcessor<unknown>,
    prepare: options.prepare ?? (async () => undefined),
    itemsAtOnce: options.itemsAtOnce ?? 1,
  });
}

export function itemProcessor(kind: string): RegisteredProcessor | undefined {
  return processors.get(kind);
}
