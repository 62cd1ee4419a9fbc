import type { TransactionItemCode } from 'electrodb';
import type { db } from './service.ts';

/** The entities as a write transaction's builder hands them over, so repositories can contribute items. */
export type TransactionEntities = Parameters<Parameters<ReturnType<typeof db>['transaction']['write']>[0]>[0];

/** The outcome of each item of a cancelled transaction, in the order they were given. */
export type ItemOutcomes = ReadonlyArray<{ rejected: boolean; code: TransactionItemCode }>;

/** Whether any item of a cancelled transaction lost to a concurrent one (worth another try). */
export function lostToConcurrentWrite(outcomes: ItemOutcomes): boolean {
  return outcomes.some((outcome) => outcome.code === 'TransactionConflict');
}

/** Whether the item at `index` of a cancelled transaction failed its condition. */
export function conditionFailed(outcomes: ItemOutcomes, index: number): boolean {
  return outcomes[index]?.code === 'ConditionalCheckFailed';
}

/** Whether a single conditional write was refused because its condition failed. */
export function isConditionFailure(error: unknown): boolean {
  return String((error as Error | undefined)?.message).includes('conditional request failed');
}
