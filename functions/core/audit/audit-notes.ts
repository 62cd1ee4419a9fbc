import { auditScopes } from '../data/audit-scope.ts';

/**
 * What an admin call changed, said by the domain code that knows it, for the call's audit record (issue
 * 27): the target the entry is listed under, more ids it touched, and the fields before and after. Said
 * before the write, so that a transaction carries it (functions/core/data/audit-scope.ts). Outside an
 * audited call (a job, a customer's route) it does nothing. What is not said, the pipeline fills: the ids
 * the input and the answer name, and the input as the after.
 */
export function noteAuditChange(change: {
  targetId?: string | undefined;
  targetIds?: readonly string[];
  before?: object | undefined;
  after?: object | undefined;
}): void {
  const notes = auditScopes.getStore()?.notes;
  if (!notes) return;
  if (change.targetId) notes.targetId = change.targetId;
  if (change.targetIds) notes.targetIds.push(...change.targetIds);
  if (change.before) notes.before = { ...change.before };
  if (change.after) notes.after = { ...change.after };
}
