import * as z from 'zod';

/** What one item of a bulk job came to: done, or refused for a reason the operator reads. */
export type ItemOutcome = { ok: true } | { ok: false; reason: string };

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

const processors = new Map<string, ItemProcessor>();

/** Bulk-job features register their processor by job kind when their module loads. */
export function registerItemProcessor(kind: string, processor: ItemProcessor): void {
  processors.set(kind, processor);
}

export function itemProcessor(kind: string): ItemProcessor | undefined {
  return processors.get(kind);
}
