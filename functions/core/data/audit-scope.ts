import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the domain code of an admin call says about its change (functions/core/audit/audit-notes.ts): the
 * target, and the fields before and after. The pipeline fills what the domain leaves out (the ids the
 * input and the answer name; the input as the after).
 */
export interface AuditNotes {
  /** The id the entry is listed under (the account's uid where there is one). */
  targetId?: string;
  /** More ids the change touched, `name:value`. */
  targetIds: string[];
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/**
 * The audit record of the admin call being handled (issue 27), as the table client sees it: the record is
 * carried as one more put by the first transaction the call writes (so it lands with the change, or not at
 * all), and the pipeline writes it on its own afterwards when no transaction carried it. Node's
 * AsyncLocalStorage keeps one call's scope apart from another's when a process serves several at once
 * (the one-machine gateway); in Lambda there is one call per process at a time anyway.
 */
export interface AuditScope {
  notes: AuditNotes;
  /**
   * The record as TransactWriteItems items (document client form), built from the notes when a
   * transaction takes it: the entry's `Put` and the `Put` of its month's chain head (AUDIT_ITEMS).
   */
  puts: () => Promise<Record<string, unknown>[]>;
  /**
   * Whether a transaction that carried the record was cancelled only because another entry of the month
   * took its place in the chain first (it is then sent again with the record chained anew, after a pause).
   * `from` is where the record's items begin in the transaction.
   */
  chainTaken: (error: unknown, from: number, attempt: number) => Promise<boolean>;
  /** A transaction carried the record and succeeded. */
  written: boolean;
  /** The call wrote something to the table (put, update, delete, batch or transaction). */
  wrote: boolean;
}

export const auditScopes = new AsyncLocalStorage<AuditScope>();

/** DynamoDB's limit of items in one TransactWriteItems. */
export const TRANSACTION_ITEMS_MAX = 100;

/** The items an audit record adds to a transaction: the entry and its month's chain head. */
export const AUDIT_ITEMS = 2;
