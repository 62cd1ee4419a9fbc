import type { AuditEvent, AuditOutcome } from '../../../shared/audit/audit-trail.ts';
import { accountDigits, maskAccountNumber } from '../../../shared/refunds/refund-account.ts';
import type { StaffRole } from '../../../shared/staff/staff-roles.ts';
import { nowMs } from '../clock.ts';
import type { AuditNotes } from '../data/audit-scope.ts';
import { appendAuditEntry, runInAuditScope } from '../data/audit-trail-repository.ts';

/** Who made a staff call: the member of staff, as the pipeline read them at the call. */
export interface StaffIdentity {
  uid: string;
  email: string;
  role?: StaffRole | undefined;
}

/** The call's own facts: API Gateway's request id and the viewer's address (CloudFront-Viewer-Address). */
export interface CallFacts {
  requestId?: string | undefined;
  sourceAddress: string;
}

/**
 * Fields that name what a call is about, in the order of preference for the one the entry is listed under
 * (an account first, so that a user's detail finds every entry about it).
 */
const ID_FIELDS = [
  'uid',
  'id',
  'sid',
  'configId',
  'couponCode',
  'code',
  'adminScheduleId',
  'caseId',
  'jobId',
  'projectId',
  'merchantUid',
  'fileName',
  'surveyType',
  'planName',
] as const;
/** Never written into the trail: credentials given to a route (an account created with a password). */
const SECRET_FIELD = /password|secret|token/i;
/** Written masked, as everywhere it is shown: a refund's bank account number (issue 30). */
const ACCOUNT_NUMBER_FIELD = 'accountNumber';
/** Paging fields are how a list was read, not a change. */
const PAGING_FIELDS = new Set(['cursor', 'limit']);

function objectsOf(value: unknown): Record<string, unknown>[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const object = value as Record<string, unknown>;
  return [object, ...['result', 'data', 'info'].flatMap((name) => objectsOf(object[name]))];
}

/** The ids an input and an answer name (`name:value`), the account's first. */
export function idsNamed(...values: unknown[]): string[] {
  const ids: string[] = [];
  for (const name of ID_FIELDS)
    for (const object of values.flatMap(objectsOf)) {
      const value = object[name];
      if (typeof value === 'string' && value) ids.push(`${name}:${value}`);
    }
  return [...new Set(ids)];
}

/** The input as recorded: credentials hidden at any depth, paging left out. */
export function recordedInput(value: unknown, depth = 0): unknown {
  if (Array.isArray(value)) return value.map((item) => recordedInput(item, depth + 1));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name]) => depth > 0 || !PAGING_FIELDS.has(name))
      .map(([name, item]) => [
        name,
        SECRET_FIELD.test(name)
          ? '(hidden)'
          : name === ACCOUNT_NUMBER_FIELD && typeof item === 'string'
            ? maskAccountNumber(accountDigits(item))
            : recordedInput(item, depth + 1),
      ]),
  );
}

/** The notes completed with what the pipeline knows: the ids the call named, the input as the after. */
function completed(notes: AuditNotes, input: unknown, output: unknown): AuditNotes {
  const named = idsNamed(notes.after, input, output);
  const targetIds = [...new Set([...notes.targetIds, ...named])];
  const after = notes.after ?? (notes.before ? undefined : (recordedInput(input) as Record<string, unknown>));
  return {
    ...notes,
    targetIds,
    targetId: notes.targetId ?? named[0]?.slice(named[0].indexOf(':') + 1),
    ...(after ? { after } : {}),
  };
}

/**
 * Runs a staff write (an admin route that is not a read) so that it leaves exactly one audit record: the
 * first transaction the handler writes carries it (with the change, or not at all); otherwise it is
 * written right after the handler, as the same request's write, `done` on success, `refused` or (when the
 * call had already written something) `failed` on an error, with the error's catalogue code.
 */
export async function recordedCall<T>(
  call: { kind: string; staff: StaffIdentity; facts: CallFacts; input: unknown },
  run: () => Promise<T>,
  codeOf: (error: unknown) => string,
): Promise<T> {
  const notes: AuditNotes = { targetIds: [] };
  const record = (outcome: AuditOutcome, output?: unknown, errorCode?: string) => ({
    at: nowMs(),
    kind: call.kind,
    outcome,
    errorCode,
    staff: call.staff,
    notes: completed(notes, call.input, output),
    requestId: call.facts.requestId,
    sourceAddress: call.facts.sourceAddress,
  });
  const { scope, result } = runInAuditScope(notes, () => record('done'), run);
  try {
    const output = await result;
    if (!scope.written) await appendAuditEntry(record('done', output));
    return output;
  } catch (error) {
    if (!scope.written)
      await appendAuditEntry(record(scope.wrote ? 'failed' : 'refused', undefined, codeOf(error)));
    throw error;
  }
}

/** Records a staff call refused before its handler ran (a role that may not call it). */
export async function recordRefusal(
  call: { kind: string; staff: StaffIdentity; facts: CallFacts },
  errorCode: string,
): Promise<void> {
  await appendAuditEntry({
    at: nowMs(),
    kind: call.kind,
    outcome: 'refused',
    errorCode,
    staff: call.staff,
    notes: { targetIds: [] },
    requestId: call.facts.requestId,
    sourceAddress: call.facts.sourceAddress,
  });
}

/** Records a staff sign-in event (a sign-in, a failed second factor, an enrolment, a recovery code spent). */
export async function recordStaffEvent(
  event: AuditEvent,
  staff: StaffIdentity,
  facts: CallFacts,
  outcome: AuditOutcome = 'done',
): Promise<void> {
  await appendAuditEntry({
    at: nowMs(),
    kind: event,
    outcome,
    staff,
    notes: { targetId: staff.uid, targetIds: [`uid:${staff.uid}`] },
    requestId: facts.requestId,
    sourceAddress: facts.sourceAddress,
  });
}
