import type { AttentionCaseItem } from './entities/attention-case.ts';
import { type PagedQuery, pagedQuery, pageOptions } from './list-page.ts';
import { db } from './service.ts';
import type { TransactionEntities } from './transaction.ts';

export type AttentionCase = AttentionCaseItem;
export type NewAttentionCase = Omit<AttentionCaseItem, 'raisedAt'>;

/** The case raised, as one write of the transaction that makes the state it is about. */
export function raiseCaseItem(
  { attentionCase }: Pick<TransactionEntities, 'attentionCase'>,
  open: NewAttentionCase,
) {
  return attentionCase.create(open).commit();
}

/**
 * The case ended, as one write of the transaction of the action that ends it: only while it is still
 * open, so that of two operators acting at once one ends it (the other's transaction is refused).
 */
export function endCaseItem({ attentionCase }: Pick<TransactionEntities, 'attentionCase'>, caseId: string) {
  return attentionCase
    .delete({ caseId })
    .where((attr, op) => op.exists(attr.caseId))
    .commit();
}

export async function getAttentionCase(caseId: string): Promise<AttentionCase | undefined> {
  const { data } = await db().entities.attentionCase.get({ caseId }).go();
  return data ?? undefined;
}

/** The open cases, oldest first (the longest waiting on top). */
export function openCasesQuery(): PagedQuery<AttentionCase> {
  const { attentionCase } = db().entities;
  return pagedQuery(attentionCase, 'openCases', (page) =>
    attentionCase.query.openCases({}).go(pageOptions(page)),
  );
}
